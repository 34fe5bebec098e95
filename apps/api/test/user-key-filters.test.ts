import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import {
  countWithdrawals,
  listWithdrawalsRows,
} from '../src/modules/withdrawals/withdrawals-repository';
import { capturing, planOf } from './query-plans';
import { createTestDatabase } from './test-database';

/**
 * A list that finds its rows' user by email goes through the email's "C" key index (0020,
 * `emailKey`). The withdrawal lists compared `lower(email)` in the database's collation, which
 * no index holds: every email filter read all the users (0.6–1.4 s at 1M in
 * bench/list-matrix.ts). The plan is asked with sequential scans priced out, as a large table
 * would make the planner choose; on the test's few rows it would scan either way.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('user filters through the user keys', () => {
  it('a withdrawal list filtered by email reads the email index, not every user', async () => {
    const { db, sent } = capturing(database.db);
    expect(
      await countWithdrawals(db, { kind: 'payment_paid_value', email: 'Someone@Example.com' }),
    ).toBe(0);
    const plan = await planOf(database.db, sent.at(-1)!, ['enable_seqscan = off']);
    // The email is the index's condition: a walk of the whole index filtering each entry
    // (what a disabled sequential scan turns into) is no better than the scan.
    expect(plan).toMatch(
      /Index (Only )?Scan using end_users_email_c_idx[^\n]*\n\s*Index Cond: [^\n]*email/,
    );
    expect(plan).not.toMatch(/Seq Scan on end_users/);
  });

  it('a withdrawal list filtered by an address reads its few requests by id, then sorts them', async () => {
    // As an OR of the two address columns the planner walked the sort's index looking for the
    // address's requests (1-4.5 s a page at 5M, bench/list-matrix.ts); the ids now come first,
    // from the two address indexes, and the page is those rows sorted.
    const { db, sent } = capturing(database.db);
    await listWithdrawalsRows(
      db,
      { kind: 'payment_paid_value', address: '0xABC0000000000000000000000000000000000001' },
      { limit: 20, offset: 0, sort: { target: 'requestedAt', orderBy: 'desc' } },
    );
    const plan = await planOf(database.db, sent.at(-1)!, ['enable_seqscan = off']);
    expect(plan).toMatch(/(Index Cond|Filter): [^\n]*\bid = ANY/);
    expect(plan).toMatch(/withdrawal_requests_address_idx/);
    expect(plan).toMatch(/withdrawal_requests_eth_address_idx/);
  });
});
