import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_MACHINE,
  PAYMENT_MACHINE,
  WITHDRAWAL_MACHINE,
  canTransition,
  type StateMachine,
} from '@app/shared';
import type { DB } from '../src/db/schema';
import { databaseErrorOf } from '../src/platform/db-errors';
import { seedDemoPopulation } from '../src/seed/population/demo-population';
import { createTestDatabase } from './test-database';

/**
 * The state machines declared in packages/shared against the database: every from -> to
 * pair is tried as a real UPDATE (rolled back) on a row in `from`, and the trigger's verdict
 * must equal `canTransition`. A trigger refusal is an error raised by PL/pgSQL; any other
 * error (a CHECK that wants a timestamp, say) comes after the BEFORE trigger let it through.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Kysely<DB>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoPopulation(db, { users: 120, seed: 11 });
}, 120_000);

afterAll(async () => {
  await database?.close();
});

class Rollback extends Error {}

async function triggerAllows(table: string, id: string, to: string): Promise<boolean> {
  let allowed = true;
  try {
    await db.transaction().execute(async (trx) => {
      await sql`UPDATE ${sql.table(table)} SET status = ${to} WHERE id = ${id}`.execute(trx);
      throw new Rollback();
    });
  } catch (error) {
    if (error instanceof Rollback) return true;
    allowed = !databaseErrorOf(error)?.raisedByFunction;
  }
  return allowed;
}

async function compare<S extends string>(machine: StateMachine<S>, table: string): Promise<void> {
  const verdicts: string[] = [];
  const declared: string[] = [];
  for (const from of machine.statuses) {
    const row = await sql<{ id: string }>`
      SELECT id::text AS id FROM ${sql.table(table)} WHERE status = ${from} ORDER BY id LIMIT 1
    `.execute(db);
    const id = row.rows[0]?.id;
    // The demo population holds every status; without one the comparison would prove nothing.
    expect(id, `a ${table} row in status ${from}`).toBeDefined();
    for (const to of machine.statuses) {
      if (to === from) continue;
      const allowed = await triggerAllows(table, id!, to);
      verdicts.push(`${from} -> ${to}: ${allowed ? 'allowed' : 'refused'}`);
      declared.push(
        `${from} -> ${to}: ${canTransition(machine, from, to) ? 'allowed' : 'refused'}`,
      );
    }
  }
  expect(verdicts).toEqual(declared);
}

describe('state machines agree with the database triggers', () => {
  it('withdrawal requests', async () => {
    await compare(WITHDRAWAL_MACHINE, 'withdrawal_requests');
  });

  it('payments', async () => {
    await compare(PAYMENT_MACHINE, 'payments');
  });

  it('support inquiries', async () => {
    await compare(CONTACT_MACHINE, 'user_contacts');
  });
});
