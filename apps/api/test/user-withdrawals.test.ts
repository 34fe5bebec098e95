import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoPopulation } from '../src/seed/population/demo-population';
import { issueToken } from './admin-fixtures';
import { startTestApp, type GraphQLResponse, type TestApp } from './test-app';

// userWithdrawalHistory over real HTTP against the demo population (both engines): every
// answer is compared with plain SQL over withdrawal_requests.
let t: TestApp;
let token: string;
/** The user with the most withdrawal requests (several kinds and statuses). */
let busy: { id: number; n: number };

type Withdrawal = {
  id: string;
  kind: string;
  status: string;
  requestedAt: string;
  processingAt: string | null;
  completedAt: string | null;
  failedAt: string | null;
  rejectedAt: string | null;
  coinType: string;
  amount: string;
  fee: string;
  netAmount: string;
  receiverAddress: string;
  transactionHash: string | null;
  rejectReason: string | null;
  failureReason: string | null;
};
type History = {
  userWithdrawalHistory: {
    list: Withdrawal[];
    pagination: {
      limit: number;
      offset: number;
      totalRecords: number;
      sort: { target: string; orderBy: string };
    };
  };
};

const HISTORY = `query H($userId: Int!, $kind: WithdrawalKind, $status: WithdrawalStatus, $pagination: PaginationInput) {
  userWithdrawalHistory(userId: $userId, kind: $kind, status: $status, pagination: $pagination) {
    list { id kind status requestedAt processingAt completedAt failedAt rejectedAt coinType amount fee netAmount
      receiverAddress transactionHash rejectReason failureReason }
    pagination { limit offset totalRecords sort { target orderBy } }
  }
}`;

async function call(variables: Record<string, unknown>): Promise<GraphQLResponse<History>> {
  return t.gql<History>(HISTORY, variables, token);
}

async function history(variables: Record<string, unknown>) {
  const result = await call(variables);
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data!.userWithdrawalHistory;
}

async function fails(variables: Record<string, unknown>) {
  const result = await call(variables);
  expect(result.errors?.length, JSON.stringify(variables)).toBeGreaterThan(0);
  const error = result.errors![0]!;
  return { code: error.extensions?.code, message: error.message };
}

async function rows<R>(query: RawBuilder<R>): Promise<R[]> {
  return (await query.execute(t.database.db)).rows;
}

/** Ids of the user's requests matching `where`, in SQL's order. */
async function expectedIds(
  userId: number,
  where: string,
  order: string,
  limit: number,
  offset = 0,
): Promise<string[]> {
  const found = await rows(sql<{ id: string }>`
    SELECT id::text AS id FROM withdrawal_requests
    WHERE end_user_id = ${userId} AND ${sql.raw(where)}
    ORDER BY ${sql.raw(order)} LIMIT ${limit} OFFSET ${offset}`);
  return found.map((r) => r.id);
}

async function expectedCount(userId: number, where: string): Promise<number> {
  const [row] = await rows(sql<{ n: string }>`
    SELECT count(*) AS n FROM withdrawal_requests WHERE end_user_id = ${userId} AND ${sql.raw(where)}`);
  return Number(row!.n);
}

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoPopulation(t.database.db);
  token = await issueToken(t.database, 'reader@example.com');
  const [found] = await rows(sql<{ id: number; n: string }>`
    SELECT end_user_id AS id, count(*) AS n FROM withdrawal_requests
    GROUP BY end_user_id
    HAVING count(DISTINCT kind) > 1 AND count(DISTINCT status) > 1
    ORDER BY count(*) DESC, end_user_id LIMIT 1`);
  expect(found, 'a demo user with withdrawals of several kinds and statuses').toBeDefined();
  busy = { id: found!.id, n: Number(found!.n) };
  expect(busy.n).toBeGreaterThan(3);
});

afterAll(async () => {
  await t?.close();
});

describe('userWithdrawalHistory', () => {
  it('lists a user’s requests of every kind newest first by default, every field as stored', async () => {
    const h = await history({ userId: busy.id });
    expect(h.pagination).toMatchObject({
      limit: 20,
      offset: 0,
      totalRecords: busy.n,
      sort: { target: 'requestedAt', orderBy: 'DESC' },
    });
    expect(h.list.map((w) => w.id)).toEqual(
      await expectedIds(busy.id, 'true', 'requested_at DESC, id DESC', 20),
    );
    const stored = await rows(sql<{
      id: string;
      kind: string;
      status: string;
      requested_at: Date;
      processing_at: Date | null;
      completed_at: Date | null;
      failed_at: Date | null;
      rejected_at: Date | null;
      coin_type: string;
      amount: string;
      fee: string;
      net_amount: string;
      receiver_address: string;
      transaction_hash: string | null;
      reject_reason: string | null;
      failure_reason: string | null;
    }>`SELECT id::text AS id, kind, status, requested_at, processing_at, completed_at, failed_at,
          rejected_at, coin_type, amount::text AS amount, fee::text AS fee, net_amount::text AS net_amount,
          receiver_address, transaction_hash, reject_reason, failure_reason
        FROM withdrawal_requests WHERE end_user_id = ${busy.id}`);
    const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
    for (const w of h.list) {
      const s = stored.find((r) => r.id === w.id)!;
      expect(w).toEqual({
        id: s.id,
        kind: s.kind,
        status: s.status,
        requestedAt: iso(s.requested_at),
        processingAt: iso(s.processing_at),
        completedAt: iso(s.completed_at),
        failedAt: iso(s.failed_at),
        rejectedAt: iso(s.rejected_at),
        coinType: s.coin_type,
        amount: s.amount,
        fee: s.fee,
        netAmount: s.net_amount,
        receiverAddress: s.receiver_address,
        transactionHash: s.transaction_hash,
        rejectReason: s.reject_reason,
        failureReason: s.failure_reason,
      });
      // Each state carries its evidence (migration 0012), and the API shows it.
      if (w.status === 'rejected') expect(w.rejectReason).toBeTruthy();
      if (w.status === 'completed') expect(w.transactionHash && w.completedAt).toBeTruthy();
    }
  });

  it('filters by kind, by status and by both; totals equal a plain SQL count', async () => {
    const [sample] = await rows(sql<{ kind: string; status: string }>`
      SELECT kind, status FROM withdrawal_requests WHERE end_user_id = ${busy.id}
      ORDER BY requested_at DESC, id DESC LIMIT 1`);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: sample!.kind }, `kind = '${sample!.kind}'`],
      [{ status: sample!.status }, `status = '${sample!.status}'`],
      [
        { kind: sample!.kind, status: sample!.status },
        `kind = '${sample!.kind}' AND status = '${sample!.status}'`,
      ],
      // A filter the user has no rows for: an empty page, not an error.
      [{ kind: 'atem', status: 'failed' }, `kind = 'atem' AND status = 'failed'`],
    ];
    for (const [filter, where] of cases) {
      const h = await history({ userId: busy.id, ...filter });
      expect(
        h.list.map((w) => w.id),
        where,
      ).toEqual(await expectedIds(busy.id, where, 'requested_at DESC, id DESC', 20));
      expect(h.pagination.totalRecords, where).toBe(await expectedCount(busy.id, where));
      for (const w of h.list) {
        if (filter.kind) expect(w.kind).toBe(filter.kind);
        if (filter.status) expect(w.status).toBe(filter.status);
      }
    }
    expect((await history({ userId: busy.id, kind: sample!.kind })).list.length).toBeGreaterThan(0);
  });

  it('sorts by requestedAt and id both ways, ties broken by id', async () => {
    for (const [target, order] of [
      ['requestedAt', (o: string) => `requested_at ${o}, id ${o}`],
      ['id', (o: string) => `id ${o}`],
    ] as const) {
      for (const orderBy of ['ASC', 'DESC'] as const) {
        const h = await history({
          userId: busy.id,
          pagination: { limit: 3, offset: 1, sort: { target, orderBy } },
        });
        expect(h.pagination.sort).toEqual({ target, orderBy });
        expect(
          h.list.map((w) => w.id),
          `${target} ${orderBy}`,
        ).toEqual(await expectedIds(busy.id, 'true', order(orderBy), 3, 1));
      }
    }
  });

  it('pages without overlap; the last page is short and past the end answers it, same total', async () => {
    const all = await expectedIds(busy.id, 'true', 'requested_at DESC, id DESC', 500);
    expect(all.length).toBe(busy.n);
    const walked: string[] = [];
    for (let offset = 0; offset < busy.n; offset += 2) {
      const h = await history({ userId: busy.id, pagination: { limit: 2, offset } });
      expect(h.pagination.totalRecords).toBe(busy.n);
      walked.push(...h.list.map((w) => w.id));
    }
    expect(walked).toEqual(all);
    const last = await history({ userId: busy.id, pagination: { limit: 2, offset: busy.n - 1 } });
    expect(last.list.map((w) => w.id)).toEqual([all[busy.n - 1]]);
    const past = await history({ userId: busy.id, pagination: { limit: 2, offset: busy.n } });
    // A page past the end answers the last page (shared/page.ts, readFromNearerEnd).
    expect(past.list.map((w) => w.id)).toEqual(all.slice(Math.floor((busy.n - 1) / 2) * 2));
    expect(past.pagination.totalRecords).toBe(busy.n);
    // A page as big as the total holds exactly totalRecords rows.
    const whole = await history({ userId: busy.id, pagination: { limit: 500 } });
    expect(whole.list.length).toBe(whole.pagination.totalRecords);
  });

  it('answers an empty list for a user without withdrawals', async () => {
    const [quiet] = await rows(sql<{ id: number }>`
      SELECT id FROM end_users u
      WHERE NOT EXISTS (SELECT 1 FROM withdrawal_requests w WHERE w.end_user_id = u.id)
      ORDER BY id LIMIT 1`);
    const h = await history({ userId: quiet!.id });
    expect(h.list).toEqual([]);
    expect(h.pagination.totalRecords).toBe(0);
  });

  it('answers NOT_FOUND for an unknown user, like the other per-user calls', async () => {
    expect(await fails({ userId: 99999999 })).toEqual({
      code: 'NOT_FOUND',
      message: 'User 99999999 was not found.',
    });
  });

  it('refuses bad input: unknown kind or status, bad ids and pages', async () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ userId: 0 }, 'BAD_USER_INPUT', /userId/],
      [{ userId: -5 }, 'BAD_USER_INPUT', /userId/],
      [{ userId: busy.id, pagination: { offset: -1 } }, 'BAD_USER_INPUT', /offset/],
      [{ userId: busy.id, pagination: { limit: -20 } }, 'BAD_USER_INPUT', /limit/],
      [{ userId: busy.id, pagination: { limit: 501 } }, 'BAD_USER_INPUT', /limit/],
      [
        { userId: busy.id, pagination: { sort: { target: 'amount' } } },
        'BAD_USER_INPUT',
        /sort\.target/,
      ],
    ];
    for (const [variables, code, pattern] of cases) {
      const error = await fails(variables);
      expect(error.code, JSON.stringify(variables)).toBe(code);
      expect(error.message, JSON.stringify(variables)).toMatch(pattern);
    }
    // Kind and status are enums: GraphQL refuses other values before any resolver runs.
    for (const variables of [
      { userId: busy.id, kind: 'lottery' },
      { userId: busy.id, status: 'paid' },
      { userId: busy.id, kind: 'SAVING' },
    ]) {
      const error = await fails(variables);
      expect(error.code, JSON.stringify(variables)).toBe('BAD_USER_INPUT');
      expect(error.message, JSON.stringify(variables)).toMatch(
        /Variable "\$(kind|status)" got invalid value/,
      );
    }
  });

  it('refuses a call without a token', async () => {
    const result = await t.gql(HISTORY, { userId: busy.id });
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
