import { sql } from 'kysely';
import { WITHDRAWAL_KINDS, WITHDRAWAL_STATUSES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { seedDemoPopulation } from '../../seed/population/demo-population';
import { WITHDRAWAL_LIST_CALLS } from './withdrawal-lists-schema';

/** The eight list calls and the generic one: filters, status tabs, sorts, approver context. */
let t: TestApp;
let token: string;

type ListRow = {
  id: string;
  kind: string;
  status: string;
  revision: number;
  requestedAmount: string;
  receiverAddress: string;
  transactionHash: string | null;
  userName: string;
  requiredApprovals: number;
  context: {
    userCount30d: number;
    userAmount30d: string;
    addressOtherUsers: number;
    addressFirstSeenAt: string | null;
  };
};
type ListAnswer = {
  list: ListRow[];
  pagination: { totalRecords: number };
  statusCounts: Array<{ status: string; count: number }>;
};

const FIELDS = `list { id kind status revision requestedAmount receiverAddress transactionHash userName requiredApprovals
  context { userCount30d userAmount30d addressOtherUsers addressFirstSeenAt } }
  pagination { totalRecords } statusCounts { status count }`;

async function list(
  kind: string,
  searchParams: Record<string, unknown> = {},
  pagination: Record<string, unknown> = {},
): Promise<ListAnswer> {
  const result = await t.gql<{ withdrawalRequests: ListAnswer }>(
    `query ($kind: WithdrawalKind!, $input: WithdrawalListInput) { withdrawalRequests(kind: $kind, input: $input) { ${FIELDS} } }`,
    { kind, input: { searchParams, pagination } },
    token,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.withdrawalRequests;
}

async function ids(where: ReturnType<typeof sql>): Promise<string[]> {
  const r = await sql<{ id: string }>`
    SELECT w.id::text AS id FROM withdrawal_requests w JOIN end_users u ON u.id = w.end_user_id
     WHERE ${where} ORDER BY w.id`.execute(t.database.db);
  return r.rows.map((x) => x.id);
}

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoPopulation(t.database.db, { users: 150, seed: 9 });
  token = await t.login('reader@example.com');
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the eight list calls', () => {
  it.each(WITHDRAWAL_KINDS.map((k) => [k, WITHDRAWAL_LIST_CALLS[k]] as const))(
    '%s through %s: rows of its kind and kept status counts',
    async (kind, call) => {
      const result = await t.gql<Record<string, ListAnswer>>(
        `query { ${call}(input: {pagination: {limit: 5}}) { ${FIELDS} } }`,
        {},
        token,
      );
      expect(result.errors).toBeUndefined();
      const answer = result.data![call]!;
      expect(answer.list.length).toBeGreaterThan(0);
      expect(answer.list.every((r) => r.kind === kind)).toBe(true);
      const expected = await sql<{ status: string; n: number }>`
        SELECT status, count(*)::int AS n FROM withdrawal_requests WHERE kind = ${kind} GROUP BY status`.execute(
        t.database.db,
      );
      const byStatus = new Map(expected.rows.map((r) => [r.status, r.n]));
      expect(answer.statusCounts).toEqual(
        WITHDRAWAL_STATUSES.map((s) => ({ status: s, count: byStatus.get(s) ?? 0 })),
      );
      expect(answer.pagination.totalRecords).toBe(expected.rows.reduce((sum, r) => sum + r.n, 0));
    },
  );
});

describe('searchParams', () => {
  it('address and transaction hash match in any letter case', async () => {
    const sample = await sql<{ address: string; hash: string; id: string }>`
      SELECT receiver_address AS address, transaction_hash AS hash, id::text AS id FROM withdrawal_requests
       WHERE kind = 'saving' AND transaction_hash IS NOT NULL ORDER BY id LIMIT 1`.execute(
      t.database.db,
    );
    const s = sample.rows[0]!;
    const byAddress = await list('saving', { address: s.address.toUpperCase() });
    expect(byAddress.list.map((r) => r.id)).toEqual(
      await ids(sql`w.kind = 'saving' AND lower(w.receiver_address) = ${s.address.toLowerCase()}`),
    );
    const byHash = await list('saving', { transactionHash: s.hash.toUpperCase() });
    expect(byHash.list.map((r) => r.id)).toEqual([s.id]);
  });

  it('user name, email, amount range and requested-at range, with status counts of the filter', async () => {
    const user = await sql<{ user_name: string; email: string; id: number }>`
      SELECT u.user_name, u.email, u.id FROM withdrawal_requests w JOIN end_users u ON u.id = w.end_user_id
       WHERE w.kind = 'saving' GROUP BY u.id ORDER BY count(*) DESC, u.id LIMIT 1`.execute(
      t.database.db,
    );
    const u = user.rows[0]!;
    const expected = await ids(sql`w.kind = 'saving' AND w.end_user_id = ${u.id}`);
    const byName = await list(
      'saving',
      { userName: u.user_name.toUpperCase() },
      { limit: 100, sort: { target: 'id', orderBy: 'ASC' } },
    );
    expect(byName.list.map((r) => r.id)).toEqual(expected);
    const byEmail = await list(
      'saving',
      { email: u.email },
      { limit: 100, sort: { target: 'id', orderBy: 'ASC' } },
    );
    expect(byEmail.list.map((r) => r.id)).toEqual(expected);
    expect(byEmail.statusCounts.reduce((a, c) => a + c.count, 0)).toBe(expected.length);

    const range = await list(
      'saving',
      { amountFrom: '1000', amountTo: '5000', requestedAtFrom: '2020-01-01T00:00:00.000Z' },
      { limit: 500, sort: { target: 'id', orderBy: 'ASC' } },
    );
    expect(range.list.map((r) => r.id)).toEqual(
      await ids(
        sql`w.kind = 'saving' AND w.amount BETWEEN 1000 AND 5000 AND w.requested_at >= '2020-01-01'`,
      ),
    );
  });

  it('awaiting approval for more than 24 h', async () => {
    const answer = await list('saving', { awaitingOver24h: true }, { limit: 500 });
    expect(answer.list.map((r) => r.id).sort()).toEqual(
      (
        await ids(
          sql`w.kind = 'saving' AND w.status = 'requested' AND w.requested_at < now() - interval '24 hours'`,
        )
      ).sort(),
    );
  });
});

describe('sorts', () => {
  it.each(['amount', 'status', 'requestedAt', 'id'])(
    'pages by %s tile the whole list',
    async (target) => {
      const all = await list(
        'referral_reward',
        {},
        { limit: 500, sort: { target, orderBy: 'ASC' } },
      );
      const seen: string[] = [];
      for (let offset = 0; offset < all.pagination.totalRecords; offset += 7) {
        const page = await list(
          'referral_reward',
          {},
          { limit: 7, offset, sort: { target, orderBy: 'ASC' } },
        );
        seen.push(...page.list.map((r) => r.id));
      }
      expect(seen).toEqual(all.list.map((r) => r.id));
      if (target === 'amount') {
        const amounts = all.list.map((r) => Number(r.requestedAmount));
        expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
      }
    },
  );
});

describe('approver context', () => {
  it('counts the same address among other users and the user’s recent withdrawals', async () => {
    const answer = await list('saving', {}, { limit: 20 });
    for (const row of answer.list.slice(0, 5)) {
      const other = await sql<{ n: number; first: Date }>`
        SELECT count(DISTINCT end_user_id) FILTER (WHERE end_user_id <> (SELECT end_user_id FROM withdrawal_requests WHERE id = ${row.id}))::int AS n,
               min(requested_at) AS first
          FROM withdrawal_requests WHERE lower(receiver_address) = lower(${row.receiverAddress})`.execute(
        t.database.db,
      );
      expect(row.context.addressOtherUsers).toBe(other.rows[0]!.n);
      expect(new Date(row.context.addressFirstSeenAt!).getTime()).toBe(
        new Date(other.rows[0]!.first).getTime(),
      );
    }
  });

  it('a shared address shows up as other users', async () => {
    const [a, b] = (
      await sql<{ id: string }>`SELECT id::text AS id FROM withdrawal_requests w
        WHERE kind = 'atem' ORDER BY id LIMIT 2`.execute(t.database.db)
    ).rows;
    await sql`UPDATE withdrawal_requests SET receiver_address = '0xSharedAddr'
      WHERE id IN (${a!.id}, ${b!.id})`.execute(t.database.db);
    const answer = await list('atem', { address: '0xsharedaddr' });
    const users = await sql<{
      n: number;
    }>`SELECT count(DISTINCT end_user_id)::int AS n FROM withdrawal_requests WHERE id IN (${a!.id}, ${b!.id})`.execute(
      t.database.db,
    );
    for (const row of answer.list) expect(row.context.addressOtherUsers).toBe(users.rows[0]!.n - 1);
  });
});
