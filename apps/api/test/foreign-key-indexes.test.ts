import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { createTestDatabase } from './test-database';

// Every foreign key needs an index leading with its column, so a parent DELETE (or key
// change) checks its children by one index probe (migration 0022), unless its parent is
// listed here with the reason a scan of the children is acceptable.
const EXEMPT: Record<string, string> = {
  'admin_user_roles.role_id': 'roles are fixed reference data, never deleted',
  'payments.plan_id': 'purchase plans are reference data, never deleted',
  'payments.rate_assignment_id':
    'rate assignments are not deleted yet; index it with the screen that undoes one',
  'rate_assignments.admin_user_id': 'a small admin table',
  'notifications.created_by_admin_user_id': 'a small admin table',
  'reward_snapshots.saving_plan_id': 'coin-saving plans are reference data, never deleted',
  'saving_deposit_addresses.saving_plan_id': 'coin-saving plans are reference data',
  'staking_positions.saving_plan_id': 'coin-saving plans are reference data',
  'user_contact_category_links.category_id': 'inquiry categories are reference data',
};

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

type ForeignKey = { child: string; column: string; parent: string; indexes: string[] };

async function foreignKeys(): Promise<ForeignKey[]> {
  // Single-column keys: every foreign key of the schema is one (asserted below).
  const { rows } = await sql<ForeignKey & { columns: number }>`
    SELECT c.conrelid::regclass::text AS child, a.attname AS column,
           c.confrelid::regclass::text AS parent, array_length(c.conkey, 1) AS columns,
           coalesce((SELECT array_agg(i.indexrelid::regclass::text ORDER BY 1)
                     FROM pg_index i
                     WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1]
                       AND (i.indpred IS NULL
                            OR pg_get_expr(i.indpred, i.indrelid) = '(' || quote_ident(a.attname) || ' IS NOT NULL)')),
                    '{}') AS indexes
    FROM pg_constraint c
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
    ORDER BY 1, 2`.execute(database.db);
  for (const row of rows) expect(row.columns, `${row.child}.${row.column}`).toBe(1);
  return rows;
}

describe('foreign key indexes', () => {
  it('index every foreign key whose parent can be deleted, or name why not', async () => {
    const keys = await foreignKeys();
    expect(keys.length).toBeGreaterThan(30);
    const missing = keys
      .filter((k) => k.indexes.length === 0 && !(`${k.child}.${k.column}` in EXEMPT))
      .map((k) => `${k.child}.${k.column} -> ${k.parent}`);
    expect(missing).toEqual([]);
    // An exemption that no longer matches an unindexed key is stale.
    const unindexed = new Set(
      keys.filter((k) => k.indexes.length === 0).map((k) => `${k.child}.${k.column}`),
    );
    expect(Object.keys(EXEMPT).filter((key) => !unindexed.has(key))).toEqual([]);
  });

  it('checks a deleted payment against its withdrawal requests through the new index', async () => {
    // The referential check looks up one payment id; the plan shows it uses the index.
    // One connection, so the setting and the EXPLAIN meet.
    const plan = await database.db.connection().execute(async (conn) => {
      await sql`SET enable_seqscan = off`.execute(conn);
      try {
        const { rows } = await sql<{ 'QUERY PLAN': string }>`
          EXPLAIN SELECT 1 FROM withdrawal_requests WHERE payment_id = ${1}`.execute(conn);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await sql`RESET enable_seqscan`.execute(conn);
      }
    });
    expect(plan).toMatch(/withdrawal_requests_payment_idx/);
  });
});
