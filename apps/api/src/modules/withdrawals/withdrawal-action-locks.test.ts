import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoApp } from '../../../test/demo-app';
import type { TestApp } from '../../../test/test-app';
import { systemClock } from '../../shared/clock';
import { createAuditService } from '../audit/audit-service';
import type { Actor } from '../../shared/actor';
import type { Services } from '../../graphql/context';
import { runCommand, type CommandEnv } from '../../platform/commands';
import { APPROVE_MATCHING_WITHDRAWALS } from './commands/approve-matching';
import { APPROVE_WITHDRAWALS } from './commands/approve-requests';
import { REJECT_MATCHING_WITHDRAWALS } from './commands/reject-matching';
import type { WithdrawalKind } from '../../db/tables/domain-tables';
import { matchingSet, type WithdrawalsFilter } from './withdrawals-repository';

/**
 * The withdrawal action path locks each request once (issue 25): the "all matching" path used
 * to lock its rows three times in one transaction (the filter, then twice more by id), so its
 * stale-revision check compared a revision read under the lock with itself. And the trigger
 * is approval_count's one writer (migration 0132). On a fresh database: PGlite, or PostgreSQL
 * with DATABASE_URL.
 */
let t: TestApp;
let actor: Actor;
/** The kind whose requests the "all matching" approval took. */
let matchedKind: WithdrawalKind;

/** Records every statement that locks rows of withdrawal_requests (FOR UPDATE). */
function lockCounter(): { plugin: KyselyPlugin; locks: string[] } {
  const locks: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      const text = JSON.stringify(node);
      if (text.includes('withdrawal_requests') && /for ?update/i.test(text)) locks.push(text);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { plugin, locks };
}

/**
 * The action commands run as a request runs them (`runCommand`), over a database that counts
 * their locking statements: the commands reach the database only through the trail's writer.
 */
function countedActions() {
  const { plugin, locks } = lockCounter();
  const db = t.database.db.withPlugin(plugin);
  const services = { audit: createAuditService(db, systemClock) } as Partial<Services> as Services;
  const env: CommandEnv = { actor, admin: null, locale: 'en', userAgent: null, services };
  const actions = {
    approve: (requests: Array<{ id: string; revision: number }>) =>
      runCommand(APPROVE_WITHDRAWALS, { requests }, env),
    approveMatching: (filter: WithdrawalsFilter, expectedCount: number) =>
      runCommand(
        APPROVE_MATCHING_WITHDRAWALS,
        { kind: filter.kind, searchParams: { status: filter.status }, expectedCount },
        env,
      ),
    rejectMatching: (filter: WithdrawalsFilter, expectedCount: number) =>
      runCommand(
        REJECT_MATCHING_WITHDRAWALS,
        {
          kind: filter.kind,
          searchParams: { status: filter.status },
          expectedCount,
          reasonCode: 'compliance',
          reasonText: 'sanctions list',
        },
        env,
      ),
  };
  return { actions, locks };
}

/** The list filter "requested requests of a kind", kinds with the most such requests first. */
async function requestedFilters(): Promise<WithdrawalsFilter[]> {
  const r = await sql<{ kind: WithdrawalKind }>`
    SELECT kind FROM withdrawal_requests
     WHERE status = 'requested' AND kind <> 'payment_paid_value'
     GROUP BY kind ORDER BY count(*) DESC, kind`.execute(t.database.db);
  expect(r.rows.length, 'kinds with requested requests').toBeGreaterThanOrEqual(1);
  return r.rows.map(({ kind }) => ({ kind, status: 'requested' }));
}

/** A requested request nobody has approved yet, below (small) or above its coin's threshold. */
async function unapproved(size: 'small' | 'large'): Promise<{ id: string; revision: number }> {
  const r = await sql<{ id: string; revision: number }>`
    SELECT w.id::text AS id, w.revision FROM withdrawal_requests w
      JOIN withdrawal_approval_thresholds th ON th.coin_type = w.coin_type
     WHERE w.status = 'requested' AND w.kind <> 'payment_paid_value'
       AND ${size === 'large' ? sql`w.amount > th.second_approval_above` : sql`w.amount <= th.second_approval_above`}
       AND NOT EXISTS (SELECT 1 FROM withdrawal_approvals a WHERE a.withdrawal_request_id = w.id)
     ORDER BY w.id LIMIT 1`.execute(t.database.db);
  expect(r.rows[0], `a ${size} requested request`).toBeDefined();
  return r.rows[0]!;
}

beforeAll(async () => {
  ({ t } = await startDemoApp({ users: 150, seed: 5 }));
  const admin = await sql<{ id: number; name: string }>`
    SELECT id, user_name AS name FROM admin_users WHERE email = 'writer@example.com'`.execute(
    t.database.db,
  );
  actor = {
    adminUserId: admin.rows[0]!.id,
    adminUserName: admin.rows[0]!.name,
    requestId: null,
    ip: null,
    audited: [],
  };
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('approval_count has one writer', () => {
  it('is the number of approvals of a requested request, whatever an UPDATE sets', async () => {
    const { id } = await unapproved('small');
    await sql`UPDATE withdrawal_requests SET approval_count = 5 WHERE id = ${id}`.execute(
      t.database.db,
    );
    const after = await sql<{ approval_count: number }>`
      SELECT approval_count FROM withdrawal_requests WHERE id = ${id}`.execute(t.database.db);
    expect(after.rows[0]!.approval_count).toBe(0);
  });

  it('counts a first approval of two, with a new revision', async () => {
    const request = await unapproved('large');
    const { actions } = countedActions();
    const answer = await actions.approve([request]);
    expect(answer.results[0]).toMatchObject({
      outcome: 'awaitingSecondApproval',
      status: 'requested',
      revision: request.revision + 1,
    });
    const row = await sql<{ approval_count: number }>`
      SELECT approval_count FROM withdrawal_requests WHERE id = ${request.id}`.execute(
      t.database.db,
    );
    expect(row.rows[0]!.approval_count).toBe(1);
  });
});

describe('the withdrawal action path locks each row once', () => {
  it('approving by id takes one lock and still refuses a stale revision', async () => {
    const { id, revision } = await unapproved('small');
    const { actions, locks } = countedActions();
    await expect(actions.approve([{ id, revision: revision - 1 }])).rejects.toThrow(
      /changed since you saw it/,
    );
    expect(locks).toHaveLength(1);
    const answer = await actions.approve([{ id, revision }]);
    expect(answer.results[0]).toMatchObject({ outcome: 'approved', revision: revision + 1 });
  });

  it('approving all N matching takes one lock on the requests, then approves each', async () => {
    const [filter] = await requestedFilters();
    matchedKind = filter!.kind;
    const ids = (await matchingSet(t.database.db, filter!, 5001)).map((r) => r.id);
    const { actions, locks } = countedActions();
    const answer = await actions.approveMatching(filter!, ids.length);
    expect(answer.results.map((r) => r.id)).toEqual(ids);
    expect(answer.changedCount).toBeGreaterThanOrEqual(1);
    expect(locks).toHaveLength(1);
  });

  it('rejecting all N matching takes one lock on the requests', async () => {
    // The kind's every request (the previous test approved some): the rejectable ones change.
    const filter = { kind: matchedKind };
    const ids = (await matchingSet(t.database.db, filter, 5001)).map((r) => r.id);
    const { actions, locks } = countedActions();
    const answer = await actions.rejectMatching(filter, ids.length);
    expect(answer.results).toHaveLength(ids.length);
    expect(answer.changedCount).toBeGreaterThanOrEqual(1);
    expect(locks).toHaveLength(1);
  });
});
