import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from './database';
import { migrate } from './migrator';
import { seedDemoAdmins } from '../seed/demo-admins';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('migrations and demo accounts', () => {
  it('records every migration once and applies nothing the second time', async () => {
    const recorded = await database.db.selectFrom('schema_migrations').select('version').execute();
    expect(recorded.length).toBeGreaterThan(0);
    expect(await migrate(database.db)).toEqual([]);
  });

  it('runs the same statements inside a transaction on both engines', async () => {
    const result = await database.db.transaction().execute(async (trx) => {
      await sql`CREATE TEMP TABLE tx_probe (n int) ON COMMIT DROP`.execute(trx);
      await sql`INSERT INTO tx_probe VALUES (1), (2)`.execute(trx);
      return sql<{ total: string }>`SELECT sum(n)::bigint AS total FROM tx_probe`.execute(trx);
    });
    expect(result.rows[0]?.total).toBe('3');
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('admin_roles')
          .values({ name: 'temporary', description: 'x' })
          .execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const roles = await database.db.selectFrom('admin_roles').select('name').execute();
    expect(roles.map((r) => r.name)).not.toContain('temporary');
  });

  it('keeps NUMERIC exact on both engines', async () => {
    const result = await sql<{
      v: string;
    }>`SELECT '1.000000000000000001'::numeric(38,18) + 0 AS v`.execute(database.db);
    expect(result.rows[0]?.v).toBe('1.000000000000000001');
  });

  it('creates the three demo admins on an empty database, and only then', async () => {
    expect(await seedDemoAdmins(database.db)).toBe(true);
    expect(await seedDemoAdmins(database.db)).toBe(false);
    const admins = await database.db
      .selectFrom('admin_users')
      .select('email')
      .orderBy('email')
      .execute();
    expect(admins.map((a) => a.email)).toEqual([
      'reader@example.com',
      'super@example.com',
      'writer@example.com',
    ]);
  });
});
