import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import type { Database } from '../../db/database';
import { PgCopySink } from './sinks';

// The generator's COPY sink on PostgreSQL: a table whose rows were all written (plans come
// first) must not hold its COPY open for the rest of the load, because a backend waiting for
// COPY data does not answer the ProcSignalBarrier of DROP DATABASE: every database drop on
// the server (the test suites' too) waited for the whole load.
let database: Database & { url?: string };
const baseUrl = process.env.DATABASE_URL!;
const clients: pg.Client[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  for (const client of clients) await client.end().catch(() => undefined);
  await database?.close();
});

const plan = (id: number, name: string) => `${id}\t${name}\t\t100\tHEC\n`;
// More than the sink buffers before it writes (256 KiB), so a COPY is opened and sent rows.
const FIRST = Array.from({ length: 6_000 }, (_, i) => 900_001 + i);

describe('PgCopySink', () => {
  it('ends an idle COPY, whose backend would hold up every DROP DATABASE on the server', async () => {
    const sink = new PgCopySink(async () => {
      const client = new pg.Client({
        connectionString: database.url,
        application_name: 'sink-test',
      });
      await client.connect();
      await client.query("SET session_replication_role = 'replica'");
      await client.query('BEGIN');
      clients.push(client);
      return client;
    });
    await sink.open();
    for (const id of FIRST) sink.write('plans', plan(id, `Sink test plan ${id}`));
    await sink.drain();
    // The generator drains every few hundred users, long after the plans were written.
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    await sink.drain();

    // No connection of the sink is left in a COPY: each is idle in its transaction, where a
    // barrier is answered at once. (Timing DROP DATABASE itself would measure the checkpoint
    // it forces, which a busy machine can stretch past any limit.)
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      const { rows: activity } = await admin.query<{ state: string; query: string }>(
        `SELECT state, query FROM pg_stat_activity WHERE application_name = 'sink-test'`,
      );
      expect(activity).toHaveLength(clients.length);
      expect(activity.filter((a) => a.state === 'active' && a.query.startsWith('COPY'))).toEqual(
        [],
      );
    } finally {
      await admin.end();
    }

    // A COPY opened again for later rows of the same table, in the same transaction.
    sink.write('plans', plan(990_001, 'Second'));
    await sink.close();
    for (const client of clients) await client.query('COMMIT');
    const rows = await database.db
      .selectFrom('plans')
      .select(['id', 'name'])
      .where('id', '>=', 900_001)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(FIRST.length + 1);
    expect(rows[0]).toEqual({ id: 900_001, name: 'Sink test plan 900001' });
    expect(rows.at(-1)).toEqual({ id: 990_001, name: 'Second' });
  }, 60_000);
});
