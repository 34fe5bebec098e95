import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../../test/admin-fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { insertAdmin } from './admin-users-repository';

// postCancelAdminRoleGrant was the one write no test ran (issue 34: every write is run by a
// test, so that the runner's check of its audit event holds for each). With two super admins
// a grant of an approving role is a proposal; its proposer withdraws it here.

let t: TestApp;
let superA: string;
let superB: string;

const GRANT = 'id adminUserName role proposedByAdminUserName';

async function adminId(email: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('admin_users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function rolesOf(id: number): Promise<string[]> {
  const r = await sql<{ name: string }>`
    SELECT r.name FROM admin_user_roles ur JOIN admin_roles r ON r.id = ur.role_id
     WHERE ur.admin_user_id = ${id} ORDER BY r.id`.execute(t.database.db);
  return r.rows.map((x) => x.name);
}

const cancel = (id: string, token: string) =>
  t.gql<{ postCancelAdminRoleGrant: { message: string; pendingGrants: unknown[] } }>(
    `mutation ($id: ID!) { postCancelAdminRoleGrant(id: $id) { message pendingGrants { id } } }`,
    { id },
    token,
  );

beforeAll(async () => {
  t = await startTestApp();
  // A second super admin nobody here created: grants of approving roles become proposals.
  await insertAdmin(t.database.db, {
    userName: 'super02',
    email: 'super02@example.com',
    passwordHash: 'not-used',
    mustChangePassword: false,
    roles: ['super_admin'],
    createdBy: null,
  });
  superA = await issueToken(t.database, 'super@example.com');
  superB = await issueToken(t.database, 'super02@example.com');
});

afterAll(async () => {
  await t.close();
});

describe('postCancelAdminRoleGrant', () => {
  it('withdraws a pending grant with its audit row, once', async () => {
    const reader = await adminId('reader@example.com');
    const proposed = await t.gql<{ postAddRoleToUser: { pendingGrants: Array<{ id: string }> } }>(
      `mutation ($id: Int!, $r: [String!]!) { postAddRoleToUser(userId: $id, roles: $r) { pendingGrants { ${GRANT} } } }`,
      { id: reader, r: ['write'] },
      superA,
    );
    expect(proposed.errors).toBeUndefined();
    const grant = proposed.data!.postAddRoleToUser.pendingGrants[0]!;

    const withdrawn = await cancel(grant.id, superA);
    expect(withdrawn.errors).toBeUndefined();
    expect(withdrawn.data!.postCancelAdminRoleGrant).toEqual({
      message: 'Role grant withdrawn.',
      pendingGrants: [],
    });
    expect(await rolesOf(reader)).toEqual(['read']);

    const row = await t.database.db
      .selectFrom('audit_log')
      .select(['operation', 'target_type', 'target_ids', 'summary'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      operation: 'postCancelAdminRoleGrant',
      target_type: 'admin_user',
      target_ids: [String(reader)],
    });
    expect(JSON.stringify(row.summary)).toContain(grant.id);

    // Closed: neither super admin can withdraw it again, nor confirm it.
    expect((await cancel(grant.id, superB)).errors?.[0]?.extensions?.reason).toBe(
      'ROLE_GRANT_CLOSED',
    );
    const listed = await t.gql<{ adminRoleGrants: Array<{ id: string }> }>(
      `{ adminRoleGrants { id } }`,
      {},
      superB,
    );
    expect(listed.data!.adminRoleGrants.map((g) => g.id)).not.toContain(grant.id);
  });
});
