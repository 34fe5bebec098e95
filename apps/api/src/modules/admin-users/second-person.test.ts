import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../../test/admin-fixtures';
import { startDemoApp } from '../../../test/demo-app';
import type { TestApp } from '../../../test/test-app';
import { getSchema } from '../../server/schema';
import { insertAdmin } from './admin-users-repository';
import { APPROVING_OPERATIONS } from './approval-rule';

/**
 * Issue 33, parts 3 and 4: one person cannot make the two-person rule pass alone, and an
 * approval counts only while its approver could give it. Through the GraphQL API and the
 * download route on a fresh demo database (PGlite, or PostgreSQL with DATABASE_URL); the
 * tests run in order, each building on the admins the one before made.
 */
let t: TestApp;
/** super01, the demo's only super admin: "A", who proposes and approves first. */
let superA: string;
let writer: string;
let reader: string;

const db = () => t.database.db;

type Req = { id: string; revision: number; amount: string; kind: string; userId: number };

/** The mutations seen refused by the approval rule (NOT_A_SECOND_PERSON) in this file. */
const refusedByRule = new Set<string>();

/** Expects the approval rule's refusal of `operation`, and notes that it went through it. */
function expectNotSecond(
  result: { errors?: Array<{ extensions?: Record<string, unknown> }> },
  operation: string,
): void {
  expect(result.errors?.[0]?.extensions?.reason, operation).toBe('NOT_A_SECOND_PERSON');
  refusedByRule.add(operation);
}

/** The requests a test took already. */
const taken: string[] = [];

/** A requested HEC request nobody approved yet, above (needs two) or within the threshold. */
async function freshRequest(large: boolean): Promise<Req> {
  const r = await sql<Req>`
    SELECT w.id::text AS id, w.revision, w.amount::text AS amount, w.kind,
           w.end_user_id AS "userId"
      FROM withdrawal_requests w
      JOIN withdrawal_approval_thresholds th ON th.coin_type = w.coin_type
     WHERE w.status = 'requested' AND w.kind <> 'payment_paid_value' AND w.coin_type = 'HEC'
       AND (w.amount > th.second_approval_above) = ${large}
       AND NOT EXISTS (SELECT 1 FROM withdrawal_approvals a WHERE a.withdrawal_request_id = w.id)
       AND NOT (w.id = ANY(${taken}::bigint[]))
       AND NOT EXISTS (SELECT 1 FROM withdrawal_requests o
                        WHERE o.end_user_id = w.end_user_id AND o.kind = w.kind AND o.id <> w.id
                          AND o.amount = w.amount)
     ORDER BY w.id LIMIT 1`.execute(db());
  expect(r.rows[0], `a ${large ? 'large' : 'small'} requested HEC request`).toBeDefined();
  taken.push(r.rows[0]!.id);
  return (await current(r.rows[0]!.id))!;
}

async function current(id: string): Promise<Req & { status: string; approvals: number }> {
  const r = await sql<Req & { status: string; approvals: number }>`
    SELECT w.id::text AS id, w.revision, w.amount::text AS amount, w.kind, w.status,
           w.end_user_id AS "userId",
           (SELECT count(*) FROM withdrawal_approvals a WHERE a.withdrawal_request_id = w.id)::int
             AS approvals
      FROM withdrawal_requests w WHERE w.id = ${id}`.execute(db());
  return r.rows[0]!;
}

type Result = { id: string; outcome: string; status: string | null; reason: string | null };

async function approve(token: string, req: { id: string }) {
  const { revision } = await current(req.id);
  return t.gql<{ postApproveWithdrawalRequests: { results: Result[] } }>(
    `mutation ($requests: [WithdrawalApprovalInput!]!) {
      postApproveWithdrawalRequests(requests: $requests) { results { id outcome status reason } } }`,
    { requests: [{ id: req.id, revision }] },
    token,
  );
}

async function approveOk(token: string, req: { id: string }): Promise<Result> {
  const answer = await approve(token, req);
  expect(answer.errors).toBeUndefined();
  return answer.data!.postApproveWithdrawalRequests.results[0]!;
}

async function proposeRaise(coin: string, value: string): Promise<string> {
  const r = await t.gql<{
    postUpdateWithdrawalApprovalThreshold: { pendingChange: { id: string } | null };
  }>(
    `mutation ($coin: String!, $value: Decimal!) {
      postUpdateWithdrawalApprovalThreshold(coinType: $coin, secondApprovalAbove: $value) {
        pendingChange { id } } }`,
    { coin, value },
    superA,
  );
  expect(r.errors).toBeUndefined();
  return r.data!.postUpdateWithdrawalApprovalThreshold.pendingChange!.id;
}

async function confirmRaise(token: string, id: string) {
  return t.gql(
    `mutation ($id: ID!) { postConfirmWithdrawalApprovalThresholdChange(id: $id) { coinType } }`,
    { id },
    token,
  );
}

async function cancelRaise(id: string): Promise<void> {
  const r = await t.gql(
    `mutation ($id: ID!) { postCancelWithdrawalApprovalThresholdChange(id: $id) { coinType } }`,
    { id },
    superA,
  );
  expect(r.errors).toBeUndefined();
}

async function hecThreshold(): Promise<string> {
  const r = await sql<{ v: string }>`
    SELECT second_approval_above::text AS v FROM withdrawal_approval_thresholds
     WHERE coin_type = 'HEC'`.execute(db());
  return r.rows[0]!.v;
}

type Grant = { id: string; adminUserName: string; role: string; proposedByAdminUserName: string };
const GRANT = 'id adminUserName role proposedByAdminUserName';

/** Creates an admin as A; answers its id, roles, pending grants, and a session of it. */
async function createAdmin(userName: string, roles: string[]) {
  const r = await t.gql<{
    postAddNewAdminUser: {
      user: { id: number; roles: Array<{ name: string }> };
      pendingGrants: Grant[];
    };
  }>(
    `mutation ($u: String!, $e: String!, $r: [String!]!) {
      postAddNewAdminUser(userName: $u, email: $e, roles: $r) {
        user { id roles { name } } pendingGrants { ${GRANT} } } }`,
    { u: userName, e: `${userName}@example.com`, r: roles },
    superA,
  );
  expect(r.errors).toBeUndefined();
  const { user, pendingGrants } = r.data!.postAddNewAdminUser;
  // The new admin has changed the one-time password (a session of it, as after that step).
  await sql`UPDATE admin_users SET must_change_password = false WHERE id = ${user.id}`.execute(
    db(),
  );
  return {
    id: user.id,
    roles: user.roles.map((x) => x.name),
    pendingGrants,
    token: await issueToken(t.database, `${userName}@example.com`),
  };
}

async function adminId(email: string): Promise<number> {
  const r = await db()
    .selectFrom('admin_users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return r.id;
}

async function rolesOf(id: number): Promise<string[]> {
  const r = await sql<{ name: string }>`
    SELECT r.name FROM admin_user_roles ur JOIN admin_roles r ON r.id = ur.role_id
     WHERE ur.admin_user_id = ${id} ORDER BY r.id`.execute(db());
  return r.rows.map((x) => x.name);
}

async function changeRoles(
  op: 'postAddRoleToUser' | 'postDeleteRoleFromUser',
  id: number,
  roles: string[],
) {
  const r = await t.gql<Record<string, { pendingGrants: Grant[] }>>(
    `mutation ($id: Int!, $r: [String!]!) { ${op}(userId: $id, roles: $r) { pendingGrants { ${GRANT} } } }`,
    { id, r: roles },
    superA,
  );
  expect(r.errors).toBeUndefined();
  return r.data![op]!.pendingGrants;
}

/** A signing export's scope holding exactly this request (its user, kind and amount). */
const scopeOf = (req: Req) => ({
  kind: req.kind,
  p: { userId: req.userId, amountFrom: req.amount, amountTo: req.amount },
});

async function preview(req: Req, token = superA) {
  const { kind, p } = scopeOf(req);
  const r = await t.gql<{
    withdrawalSigningExportPreview: { count: number; underApprovedIds: string[] };
  }>(
    `query ($kind: WithdrawalKind!, $p: WithdrawalSearchParams) {
      withdrawalSigningExportPreview(kind: $kind, searchParams: $p) { count underApprovedIds } }`,
    { kind, p },
    token,
  );
  expect(r.errors).toBeUndefined();
  return r.data!.withdrawalSigningExportPreview;
}

/** The query-style signing export of the request's scope (the spec's API form). */
async function exportScope(req: Req, token = superA) {
  const { kind, p } = scopeOf(req);
  return t.gql<{ withdrawalSigningCsv: { url: string } }>(
    `query ($kind: WithdrawalKind!, $p: WithdrawalSearchParams) {
      withdrawalSigningCsv(kind: $kind, layout: v1, searchParams: $p) { url } }`,
    { kind, p },
    token,
  );
}

async function timelineOf(id: string): Promise<string[]> {
  const r = await t.gql<{ withdrawalRequestTimeline: Array<{ operation: string }> }>(
    `query ($id: ID!) { withdrawalRequestTimeline(id: $id) { operation } }`,
    { id },
    reader,
  );
  expect(r.errors).toBeUndefined();
  return r.data!.withdrawalRequestTimeline.map((x) => x.operation);
}

/** A second super admin nobody in this file created or promoted (the second person). */
let independentSuper: string;

beforeAll(async () => {
  ({
    t,
    tokens: { writer, superAdmin: superA, reader },
  } = await startDemoApp({ users: 500, seed: 33 }));
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('a second person is a second person', () => {
  it('an account the proposer created cannot confirm the raise nor second-approve (sock puppet)', async () => {
    const large = await freshRequest(true);
    const before = await hecThreshold();
    // A raises the HEC threshold above the request: pending.
    const raise = await proposeRaise('HEC', large.amount);
    // The fresh-install exception: while A is the only super admin, A makes another at once.
    const b = await createAdmin('puppet01', ['super_admin']);
    expect(b.roles).toContain('super_admin');
    expect(b.pendingGrants).toEqual([]);

    // B confirms A's raise: refused, the threshold stays.
    const confirmed = await confirmRaise(b.token, raise);
    expectNotSecond(confirmed, 'postConfirmWithdrawalApprovalThresholdChange');
    expect(confirmed.errors?.[0]?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'NOT_A_SECOND_PERSON',
      params: { relation: 'created', otherAdmin: 'super01' },
    });
    expect(await hecThreshold()).toBe(before);

    // A approves the large request first; B's second approval is refused.
    expect((await approveOk(superA, large)).outcome).toBe('awaitingSecondApproval');
    expectNotSecond(await approve(b.token, large), 'postApproveWithdrawalRequests');
    expect((await current(large.id)).status).toBe('requested');
    // The filter form ("all N matching") goes through the same rule.
    const matching = await t.gql(
      `mutation ($p: WithdrawalSearchParams) {
        postApproveMatchingWithdrawalRequests(kind: ${large.kind}, searchParams: $p, expectedCount: 1) {
          changedCount } }`,
      {
        p: {
          userId: large.userId,
          amountFrom: large.amount,
          amountTo: large.amount,
          status: 'requested',
        },
      },
      b.token,
    );
    expectNotSecond(matching, 'postApproveMatchingWithdrawalRequests');
    expect((await current(large.id)).status).toBe('requested');

    // A second person (the writer, whom A neither created nor promoted) completes it.
    expect((await approveOk(writer, large)).outcome).toBe('approved');
    await cancelRaise(raise);
  });

  it('a grant of an approving role waits for a second super admin once two exist', async () => {
    // Two super admins now (super01 and puppet01): a grant is a proposal.
    const count = await t.gql<{ superAdminCount: number }>(`{ superAdminCount }`, {}, superA);
    expect(count.data!.superAdminCount).toBe(2);
    const c = await createAdmin('clerk001', ['write']);
    expect(c.roles).toEqual(['read']);
    expect(c.pendingGrants).toMatchObject([
      { adminUserName: 'clerk001', role: 'write', proposedByAdminUserName: 'super01' },
    ]);
    const grant = c.pendingGrants[0]!;
    const listed = await t.gql<{ adminRoleGrants: Grant[] }>(
      `{ adminRoleGrants { ${GRANT} } }`,
      {},
      superA,
    );
    expect(listed.data!.adminRoleGrants.map((g) => g.id)).toContain(grant.id);

    const confirm = (token: string) =>
      t.gql(
        `mutation ($id: ID!) { postConfirmAdminRoleGrant(id: $id) { message } }`,
        { id: grant.id },
        token,
      );
    // Not the proposer, not an account the proposer created.
    expect((await confirm(superA)).errors?.[0]?.extensions?.reason).toBe('OWN_ROLE_GRANT');
    const puppet = await issueToken(t.database, 'puppet01@example.com');
    expectNotSecond(await confirm(puppet), 'postConfirmAdminRoleGrant');
    expect(await rolesOf(c.id)).toEqual(['read']);

    // A super admin nobody here made (another person's account) confirms it.
    await insertAdmin(db(), {
      userName: 'super02',
      email: 'super02@example.com',
      passwordHash: 'not-used',
      mustChangePassword: false,
      roles: ['super_admin'],
      createdBy: null,
    });
    independentSuper = await issueToken(t.database, 'super02@example.com');
    expect((await confirm(independentSuper)).errors).toBeUndefined();
    expect(await rolesOf(c.id)).toEqual(['read', 'write']);
    expect((await confirm(independentSuper)).errors?.[0]?.extensions?.reason).toBe(
      'ROLE_GRANT_CLOSED',
    );
  });

  it('an existing read admin promoted by the proposer cannot second them either', async () => {
    const readerId = await adminId('reader@example.com');
    const pending = await changeRoles('postAddRoleToUser', readerId, ['super_admin']);
    expect(pending).toMatchObject([{ role: 'super_admin', proposedByAdminUserName: 'super01' }]);
    const confirmed = await t.gql(
      `mutation ($id: ID!) { postConfirmAdminRoleGrant(id: $id) { user { roles { name } } } }`,
      { id: pending[0]!.id },
      independentSuper,
    );
    expect(confirmed.errors).toBeUndefined();
    expect(await rolesOf(readerId)).toContain('super_admin');

    // The reader, promoted by A (confirmed by super02), cannot second A.
    const large = await freshRequest(true);
    const before = await hecThreshold();
    const raise = await proposeRaise('HEC', large.amount);
    const refused = await confirmRaise(reader, raise);
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      reason: 'NOT_A_SECOND_PERSON',
      params: { relation: 'granted', otherAdmin: 'super01' },
    });
    expect((await approveOk(superA, large)).outcome).toBe('awaitingSecondApproval');
    expect((await approve(reader, large)).errors?.[0]?.extensions?.reason).toBe(
      'NOT_A_SECOND_PERSON',
    );
    // super02 is a second person: the raise and the approval go through.
    expect((await confirmRaise(independentSuper, raise)).errors).toBeUndefined();
    expect(await hecThreshold()).toBe(large.amount);
    expect((await approveOk(independentSuper, large)).outcome).toBe('approved');
    // Lowering applies at once: back to where it was, for the tests below.
    const lowered = await t.gql(
      `mutation ($v: Decimal!) {
        postUpdateWithdrawalApprovalThreshold(coinType: "HEC", secondApprovalAbove: $v) { coinType } }`,
      { v: before },
      superA,
    );
    expect(lowered.errors).toBeUndefined();
  });
});

describe('an approval counts only while its approver could give it', () => {
  it('a demoted approver: requests need approval again, the preview lists them, the export refuses, the link dies', async () => {
    const writerId = await adminId('writer@example.com');
    const x = await freshRequest(false);
    const q = await freshRequest(false);
    expect((await approveOk(writer, x)).outcome).toBe('approved');
    expect((await approveOk(writer, q)).outcome).toBe('approved');
    const y = await freshRequest(true);
    expect((await approveOk(writer, y)).outcome).toBe('awaitingSecondApproval');
    // The writer exports q for signing and holds its file's link.
    const exported = await exportScope(q, writer);
    expect(exported.errors).toBeUndefined();
    const url = `${t.baseUrl}${exported.data!.withdrawalSigningCsv.url}`;
    const ok = await fetch(url, { headers: { 'X-ADMIN-ACCESS-TOKEN': writer } });
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
    expect(await preview(x)).toEqual({ count: 1, underApprovedIds: [] });
    const yBefore = await current(y.id);

    // Demoted to read.
    await changeRoles('postAddRoleToUser', writerId, ['read']);
    await changeRoles('postDeleteRoleFromUser', writerId, ['write']);

    const xAfter = await current(x.id);
    expect(xAfter).toMatchObject({ status: 'approved', approvals: 0 });
    expect(await preview(x)).toEqual({ count: 1, underApprovedIds: [x.id] });
    const refused = await exportScope(x);
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'CONFLICT',
      reason: 'APPROVALS_MISSING',
      ids: [x.id],
    });
    expect((await current(x.id)).status).toBe('approved');
    expect(await timelineOf(x.id)).toContain('withdrawalApprovalVoidedByDemotion');
    // The first of two approvals is gone too, with a new revision.
    const yAfter = await current(y.id);
    expect(yAfter).toMatchObject({ status: 'requested', approvals: 0 });
    expect(yAfter.revision).toBeGreaterThan(yBefore.revision);
    // The exported request keeps its approval: the file was handed out under it.
    expect((await current(q.id)).approvals).toBe(1);
    // The signing file's link issued before the demotion no longer opens.
    const closed = await fetch(url, { headers: { 'X-ADMIN-ACCESS-TOKEN': writer } });
    expect(closed.status).toBe(403);

    // Approved again by an admin who may: exported as usual.
    expect((await approveOk(independentSuper, x)).outcome).toBe('approved');
    expect(await preview(x)).toEqual({ count: 1, underApprovedIds: [] });
    expect((await exportScope(x)).errors).toBeUndefined();
  });

  it('a deleted approver: the same', async () => {
    await insertAdmin(db(), {
      userName: 'leaver01',
      email: 'leaver01@example.com',
      passwordHash: 'not-used',
      mustChangePassword: false,
      roles: ['write'],
      createdBy: null,
    });
    const leaver = await issueToken(t.database, 'leaver01@example.com');
    const z = await freshRequest(false);
    expect((await approveOk(leaver, z)).outcome).toBe('approved');
    const deleted = await t.gql(
      `mutation ($id: Int!) { postDeleteAdminUser(userId: $id) { deletedUserId } }`,
      { id: await adminId('leaver01@example.com') },
      superA,
    );
    expect(deleted.errors).toBeUndefined();
    expect(await current(z.id)).toMatchObject({ status: 'approved', approvals: 0 });
    expect((await preview(z)).underApprovedIds).toEqual([z.id]);
    expect((await exportScope(z)).errors?.[0]?.extensions?.reason).toBe('APPROVALS_MISSING');
    expect(await timelineOf(z.id)).toContain('withdrawalApprovalVoidedByDeletion');
  });
});

/**
 * Not approvals: the mutations whose names say approve or confirm but that second nobody
 * (each with why). Anything else that approves or confirms must be one of the approval rule's
 * operations.
 */
const NOT_APPROVALS: Record<string, string> = {
  postConfirmTotpEnrollment: 'an admin confirms their own authenticator app',
};

describe('the one approval rule', () => {
  it('every mutation that approves or confirms goes through it (enumerated from the schema)', () => {
    const approving = Object.keys(getSchema().getMutationType()!.getFields())
      // The verb of the name: approve, confirm or second (not a threshold's noun).
      .filter((name) => /^post(Approve|Confirm|Second)/.test(name))
      .filter((name) => !(name in NOT_APPROVALS));
    expect(approving.sort()).toEqual(Object.keys(APPROVING_OPERATIONS).sort());
    // And each was seen refused by it above: declared in the list is not enough.
    expect([...refusedByRule].sort()).toEqual(approving.sort());
  });
});
