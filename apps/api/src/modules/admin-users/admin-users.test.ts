import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTHORIZATION_ERROR_MESSAGE,
  PASSWORD_CHANGE_REQUIRED_REASON,
  PASSWORD_PATTERN,
} from '@app/shared';
import { auditCount } from '../../../test/admin-fixtures';
import { startTestApp, type GraphQLResponse, type TestApp } from '../../../test/test-app';

let t: TestApp;
let superToken: string;

beforeAll(async () => {
  t = await startTestApp();
  superToken = await t.login('super@example.com');
});
afterAll(async () => {
  await t.close();
});

type AdminView = {
  id: number;
  userName: string;
  email: string;
  roles: { name: string }[];
  mustChangePassword: boolean;
};

const ADD_ADMIN = `mutation ($userName: String!, $email: String!, $roles: [String!]!) {
  postAddNewAdminUser(userName: $userName, email: $email, roles: $roles) {
    message oneTimePassword user { id userName email mustChangePassword roles { name } }
  }
}`;
const ADD_ROLES = `mutation ($userId: Int!, $roles: [String!]!) {
  postAddRoleToUser(userId: $userId, roles: $roles) { message user { id roles { name } } }
}`;
const REMOVE_ROLES = `mutation ($userId: Int!, $roles: [String!]!) {
  postDeleteRoleFromUser(userId: $userId, roles: $roles) { message user { id roles { name } } }
}`;
const UPDATE_PROFILE = `mutation ($email: String, $userName: String, $oldPassword: String, $newPassword: String) {
  postUpdateAdminUserProfile(email: $email, userName: $userName, oldPassword: $oldPassword, newPassword: $newPassword) {
    newEmail newUserName message
  }
}`;
const DELETE_ADMIN =
  'mutation ($userId: Int!) { postDeleteAdminUser(userId: $userId) { message deletedUserId } }';
const ME = '{ adminUser { id userName email mustChangePassword totpEnabled roles { name } } }';

/** Posts with an Accept-Language header, to check Japanese messages. */
async function gqlIn(
  locale: 'en' | 'ja',
  query: string,
  variables: Record<string, unknown>,
  token: string,
): Promise<GraphQLResponse> {
  const response = await fetch(`${t.baseUrl}/graphql-admin`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': locale === 'ja' ? 'ja,en;q=0.5' : 'en-US',
      'x-admin-access-token': token,
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphQLResponse;
}

let counter = 0;
/** Creates an admin through the API and returns it with its one-time password. */
async function createAdmin(roles: string[]): Promise<{ user: AdminView; oneTimePassword: string }> {
  counter += 1;
  const result = await t.gql<{ postAddNewAdminUser: { user: AdminView; oneTimePassword: string } }>(
    ADD_ADMIN,
    { userName: `staff${counter}x`, email: `staff${counter}@example.com`, roles },
    superToken,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.postAddNewAdminUser;
}

/** Creates an admin and completes the first password change; returns a usable token. */
async function createActiveAdmin(
  roles: string[],
): Promise<{ user: AdminView; token: string; password: string }> {
  const { user, oneTimePassword } = await createAdmin(roles);
  const token = await t.login(user.email, oneTimePassword);
  const password = `Changed${user.id}pw`;
  const changed = await t.gql(
    UPDATE_PROFILE,
    { oldPassword: oneTimePassword, newPassword: password },
    token,
  );
  expect(changed.errors).toBeUndefined();
  return { user, token, password };
}

describe('reading admin accounts', () => {
  it('adminUsers lists every admin with roles', async () => {
    const result = await t.gql<{ adminUsers: AdminView[] }>(
      '{ adminUsers { id userName email roles { name description } } }',
      {},
      superToken,
    );
    expect(result.errors).toBeUndefined();
    const emails = result.data!.adminUsers.map((a) => a.email);
    expect(emails).toEqual(
      expect.arrayContaining(['super@example.com', 'writer@example.com', 'reader@example.com']),
    );
    expect(result.data!.adminUsers.find((a) => a.email === 'reader@example.com')?.roles).toEqual([
      { name: 'read', description: expect.any(String) },
    ]);
  });

  it('roles lists read, write and super_admin with descriptions', async () => {
    const token = await t.login('reader@example.com');
    const result = await t.gql<{ roles: { name: string; description: string }[] }>(
      '{ roles { name description } }',
      {},
      token,
    );
    expect(result.data?.roles.map((r) => r.name)).toEqual(['read', 'write', 'super_admin']);
    expect(result.data?.roles.every((r) => r.description.length > 0)).toBe(true);
  });

  it('adminUserNames gives ids and user names to any signed-in admin', async () => {
    const token = await t.login('reader@example.com');
    const result = await t.gql<{ adminUserNames: { id: number; userName: string }[] }>(
      '{ adminUserNames { id userName } }',
      {},
      token,
    );
    expect(result.data?.adminUserNames.map((a) => a.userName)).toEqual(
      expect.arrayContaining(['super01', 'writer01', 'reader01']),
    );
  });

  it('adminUser is the signed-in admin', async () => {
    const result = await t.gql<{ adminUser: AdminView }>(ME, {}, superToken);
    expect(result.data?.adminUser).toMatchObject({
      email: 'super@example.com',
      mustChangePassword: false,
    });
  });
});

describe('creating an admin with a one-time password', () => {
  it('returns a valid one-time password once, stores only a hash, and audits without it', async () => {
    const before = await auditCount(t.database);
    const { user, oneTimePassword } = await createAdmin(['read', 'write']);
    expect(PASSWORD_PATTERN.test(oneTimePassword)).toBe(true);
    expect(user.mustChangePassword).toBe(true);
    expect(user.roles.map((r) => r.name)).toEqual(['read', 'write']);
    const row = await t.database.db
      .selectFrom('admin_users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain(oneTimePassword);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await auditCount(t.database)).toBe(before + 1);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(audit.operation).toBe('postAddNewAdminUser');
    expect(audit.target_ids).toEqual([String(user.id)]);
    expect(JSON.stringify(audit.summary)).not.toContain(oneTimePassword);
    expect(JSON.stringify(audit.summary)).not.toContain('argon2');
  });

  it('the new admin can only read the profile, sign out and change the password until it is changed', async () => {
    const { user, oneTimePassword } = await createAdmin(['write']);
    const token = await t.login(user.email, oneTimePassword);
    const me = await t.gql<{ adminUser: AdminView }>(ME, {}, token);
    expect(me.data?.adminUser.mustChangePassword).toBe(true);
    const refused = await t.gql('{ roles { name } }', {}, token);
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      reason: PASSWORD_CHANGE_REQUIRED_REASON,
    });
    const sameAgain = await t.gql(
      UPDATE_PROFILE,
      { oldPassword: oneTimePassword, newPassword: oneTimePassword },
      token,
    );
    expect(sameAgain.errors?.[0]?.message).toBe(
      'The New password must be different from the Old password',
    );
    const missing = await t.gql(UPDATE_PROFILE, { userName: 'renamed1' }, token);
    expect(missing.errors?.[0]?.message).toBe('Please input New password');
    const changed = await t.gql(
      UPDATE_PROFILE,
      { oldPassword: oneTimePassword, newPassword: 'MyOwnPass9' },
      token,
    );
    expect(changed.errors).toBeUndefined();
    const allowed = await t.gql<{ roles: unknown[] }>('{ roles { name } }', {}, token);
    expect(allowed.errors).toBeUndefined();
    await expect(t.login(user.email, 'MyOwnPass9')).resolves.toBeTruthy();
    await expect(t.login(user.email, oneTimePassword)).rejects.toThrow();
  });

  it.each([
    [
      { userName: '', email: 'a1@example.com', roles: ['read'] },
      'userName',
      'Please input User name',
      'ユーザー名を入力してください',
    ],
    [
      { userName: 'ab1', email: 'a1@example.com', roles: ['read'] },
      'userName',
      'The User name field may not be less than 4 characters',
      'ユーザー名は4文字以上で入力してください',
    ],
    [
      { userName: 'abcdefghij1234567890x', email: 'a1@example.com', roles: ['read'] },
      'userName',
      'The User name field may not be greater than 20 characters',
      'ユーザー名は20文字以内で入力してください',
    ],
    [
      { userName: 'lettersonly', email: 'a1@example.com', roles: ['read'] },
      'userName',
      'The User name field format is invalid',
      'ユーザー名の形式が正しくありません',
    ],
    [
      { userName: 'has space1', email: 'a1@example.com', roles: ['read'] },
      'userName',
      'The User name field format is invalid',
      'ユーザー名の形式が正しくありません',
    ],
    [
      { userName: 'valid123', email: '', roles: ['read'] },
      'email',
      'Please input Email',
      'メールアドレスを入力してください',
    ],
    [
      { userName: 'valid123', email: 'not-an-email', roles: ['read'] },
      'email',
      'The Email field format is invalid',
      'メールアドレスの形式が正しくありません',
    ],
    [
      { userName: 'valid123', email: `${'a'.repeat(250)}@example.com`, roles: ['read'] },
      'email',
      'The Email field may not be greater than 254 characters',
      'メールアドレスは254文字以内で入力してください',
    ],
    [
      { userName: 'valid123', email: 'a1@example.com', roles: [] },
      'roles',
      "Please select admin user's role",
      '管理者ユーザーのロールを選択してください',
    ],
    [
      { userName: 'valid123', email: 'a1@example.com', roles: ['owner'] },
      'roles',
      'The Role field format is invalid',
      'ロールの形式が正しくありません',
    ],
    [
      { userName: 'super01', email: 'a1@example.com', roles: ['read'] },
      'userName',
      'The User name is already in use',
      'このユーザー名は既に使用されています',
    ],
    [
      { userName: 'valid123', email: 'WRITER@example.com', roles: ['read'] },
      'email',
      'The Email is already in use',
      'このメールアドレスは既に使用されています',
    ],
  ])('postAddNewAdminUser %j → %s: "%s" / "%s"', async (input, field, en, ja) => {
    const before = await auditCount(t.database);
    for (const [locale, message] of [
      ['en', en],
      ['ja', ja],
    ] as const) {
      const result = await gqlIn(locale, ADD_ADMIN, input, superToken);
      expect(result.data ?? null).toBeNull();
      expect(result.errors?.[0]?.message).toBe(message);
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
      expect(result.errors?.[0]?.extensions?.fieldErrors).toEqual(
        expect.arrayContaining([expect.objectContaining({ field, message })]),
      );
    }
    expect(await auditCount(t.database)).toBe(before);
  });

  it('lists every failed field at once', async () => {
    const result = await t.gql(ADD_ADMIN, { userName: '', email: 'bad', roles: [] }, superToken);
    const fields = (result.errors?.[0]?.extensions?.fieldErrors as { field: string }[]).map(
      (e) => e.field,
    );
    expect(fields).toEqual(['userName', 'email', 'roles']);
  });
});

describe('updating one’s own profile', () => {
  it.each([
    [
      { email: 'new@example.com' },
      'oldPassword',
      'Please input Old password',
      '現在のパスワードを入力してください',
    ],
    [
      { newPassword: 'Another12' },
      'oldPassword',
      'Please input Old password',
      '現在のパスワードを入力してください',
    ],
    [
      { email: 'new@example.com', oldPassword: 'WrongPass1' },
      'oldPassword',
      'The Old password is incorrect',
      '現在のパスワードが正しくありません',
    ],
    [
      { oldPassword: 'DemoPass123', newPassword: 'short1' },
      'newPassword',
      'The New password field may not be less than 8 characters',
      '新しいパスワードは8文字以上で入力してください',
    ],
    [
      { oldPassword: 'DemoPass123', newPassword: 'a1'.repeat(11) },
      'newPassword',
      'The New password field may not be greater than 20 characters',
      '新しいパスワードは20文字以内で入力してください',
    ],
    [
      { oldPassword: 'DemoPass123', newPassword: 'onlyletters' },
      'newPassword',
      'The New password field format is invalid',
      '新しいパスワードの形式が正しくありません',
    ],
    [
      { oldPassword: 'DemoPass123', newPassword: 'with space1' },
      'newPassword',
      'The New password field format is invalid',
      '新しいパスワードの形式が正しくありません',
    ],
    [
      { userName: 'x' },
      'userName',
      'The User name field may not be less than 4 characters',
      'ユーザー名は4文字以上で入力してください',
    ],
    [
      { email: 'nope', oldPassword: 'DemoPass123' },
      'email',
      'The Email field format is invalid',
      'メールアドレスの形式が正しくありません',
    ],
    [
      { userName: 'reader01' },
      'userName',
      'The User name is already in use',
      'このユーザー名は既に使用されています',
    ],
  ])('postUpdateAdminUserProfile %j → %s: "%s" / "%s"', async (input, field, en, ja) => {
    const token = await t.login('writer@example.com');
    for (const [locale, message] of [
      ['en', en],
      ['ja', ja],
    ] as const) {
      const result = await gqlIn(locale, UPDATE_PROFILE, input, token);
      expect(result.errors?.[0]?.message).toBe(message);
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    const me = await t.gql<{ adminUser: AdminView }>(ME, {}, token);
    expect(me.data?.adminUser).toMatchObject({ email: 'writer@example.com', userName: 'writer01' });
  });

  it('changes user name without a password, and email and password with the old password', async () => {
    const { user, token, password } = await createActiveAdmin(['read']);
    const renamed = await t.gql<{
      postUpdateAdminUserProfile: { newUserName: string; newEmail: string };
    }>(UPDATE_PROFILE, { userName: 'renamed77' }, token);
    expect(renamed.data?.postUpdateAdminUserProfile).toMatchObject({
      newUserName: 'renamed77',
      newEmail: user.email,
    });
    const moved = await t.gql<{ postUpdateAdminUserProfile: { newEmail: string } }>(
      UPDATE_PROFILE,
      { email: 'moved77@example.com', oldPassword: password },
      token,
    );
    expect(moved.data?.postUpdateAdminUserProfile.newEmail).toBe('moved77@example.com');
    await expect(t.login('moved77@example.com', password)).resolves.toBeTruthy();
  });

  it('a password change revokes the admin’s other tokens at their next request, and keeps this one', async () => {
    const { user, token, password } = await createActiveAdmin(['read']);
    const other = await t.login(user.email, password);
    const changed = await t.gql(
      UPDATE_PROFILE,
      { oldPassword: password, newPassword: 'Rotated123' },
      token,
    );
    expect(changed.errors).toBeUndefined();
    expect((await t.gql(ME, {}, other)).errors?.[0]?.message).toBe(AUTHORIZATION_ERROR_MESSAGE);
    expect((await t.gql(ME, {}, token)).errors).toBeUndefined();
  });
});

describe('roles', () => {
  it('adding and removing roles takes effect on the admin’s very next request', async () => {
    const { user, token } = await createActiveAdmin(['read']);
    expect((await t.gql('{ adminUsers { id } }', {}, token)).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    const added = await t.gql<{ postAddRoleToUser: { message: string; user: AdminView } }>(
      ADD_ROLES,
      { userId: user.id, roles: ['super_admin', 'read'] },
      superToken,
    );
    expect(added.data?.postAddRoleToUser.user.roles.map((r) => r.name)).toEqual([
      'read',
      'super_admin',
    ]);
    expect(added.data?.postAddRoleToUser.message).toBeTruthy();
    expect((await t.gql('{ adminUsers { id } }', {}, token)).errors).toBeUndefined();
    const removed = await t.gql<{ postDeleteRoleFromUser: { user: AdminView } }>(
      REMOVE_ROLES,
      { userId: user.id, roles: ['super_admin'] },
      superToken,
    );
    expect(removed.data?.postDeleteRoleFromUser.user.roles.map((r) => r.name)).toEqual(['read']);
    expect((await t.gql('{ adminUsers { id } }', {}, token)).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
  });

  it('an admin keeps at least one role', async () => {
    const { user } = await createAdmin(['read']);
    const result = await t.gql(REMOVE_ROLES, { userId: user.id, roles: ['read'] }, superToken);
    expect(result.errors?.[0]?.extensions).toMatchObject({
      code: 'CONFLICT',
      reason: 'ROLE_REQUIRED',
      params: { adminUserId: user.id },
    });
  });

  it('validates the role list and the user id', async () => {
    const empty = await t.gql(ADD_ROLES, { userId: 1, roles: [] }, superToken);
    expect(empty.errors?.[0]?.message).toBe("Please select admin user's role");
    const unknown = await t.gql(REMOVE_ROLES, { userId: 1, roles: ['root'] }, superToken);
    expect(unknown.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const missing = await t.gql(ADD_ROLES, { userId: 999999, roles: ['read'] }, superToken);
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('the last super admin and self-deletion', () => {
  it('the last super admin can be neither demoted nor deleted; a second one can', async () => {
    const me = (await t.gql<{ adminUser: AdminView }>(ME, {}, superToken)).data!.adminUser;
    const supers = async () =>
      (
        await t.gql<{ adminUsers: AdminView[] }>(
          '{ adminUsers { id roles { name } } }',
          {},
          superToken,
        )
      ).data!.adminUsers.filter((a) => a.roles.some((r) => r.name === 'super_admin'));
    expect((await supers()).map((a) => a.id)).toEqual([me.id]);
    const demote = await t.gql(REMOVE_ROLES, { userId: me.id, roles: ['super_admin'] }, superToken);
    expect(demote.errors?.[0]).toMatchObject({
      message: 'The last super admin cannot lose the super_admin role.',
      extensions: {
        code: 'CONFLICT',
        reason: 'LAST_SUPER_ADMIN_ROLE',
        params: { adminUserId: me.id },
      },
    });
    const deleteSelf = await t.gql(DELETE_ADMIN, { userId: me.id }, superToken);
    expect(deleteSelf.errors?.[0]).toMatchObject({
      message: 'You cannot delete your own account.',
      extensions: {
        code: 'CONFLICT',
        reason: 'OWN_ACCOUNT_DELETE',
        params: { adminUserId: me.id },
      },
    });
    expect((await supers()).map((a) => a.id)).toEqual([me.id]);

    // With a second super admin, the second may demote the first and then the rule holds again.
    const second = await createActiveAdmin(['super_admin']);
    await t.gql(ADD_ROLES, { userId: me.id, roles: ['read'] }, second.token);
    const demoteFirst = await t.gql(
      REMOVE_ROLES,
      { userId: me.id, roles: ['super_admin'] },
      second.token,
    );
    expect(demoteFirst.errors).toBeUndefined();
    const demoteSecond = await t.gql(
      REMOVE_ROLES,
      { userId: second.user.id, roles: ['super_admin'] },
      second.token,
    );
    expect(demoteSecond.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    // Restore the demo super admin for the other tests.
    await t.gql(ADD_ROLES, { userId: me.id, roles: ['super_admin'] }, second.token);
    await t.gql(DELETE_ADMIN, { userId: second.user.id }, superToken);
  });

  it('concurrent demotions of the only two super admins leave one', async () => {
    const me = (await t.gql<{ adminUser: AdminView }>(ME, {}, superToken)).data!.adminUser;
    const second = await createActiveAdmin(['read', 'super_admin']);
    const results = await Promise.all([
      t.gql(REMOVE_ROLES, { userId: second.user.id, roles: ['super_admin'] }, superToken),
      t.gql(REMOVE_ROLES, { userId: me.id, roles: ['super_admin'] }, second.token),
    ]);
    expect(results.filter((r) => !r.errors).length).toBe(1);
    const count = await t.database.db
      .selectFrom('admin_user_roles as ur')
      .innerJoin('admin_roles as r', 'r.id', 'ur.role_id')
      .where('r.name', '=', 'super_admin')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    // Put things back: whoever is still super admin restores the demo one. When the first
    // call (demoting `second`) failed, the second call demoted the demo admin instead.
    const restorer = results[0]!.errors ? second.token : superToken;
    await t.gql(ADD_ROLES, { userId: me.id, roles: ['super_admin'] }, restorer);
    await t.gql(DELETE_ADMIN, { userId: second.user.id }, superToken);
  });
});

describe('deleting an admin', () => {
  it('deletes the account and its tokens stop working at the next request', async () => {
    const { user, token } = await createActiveAdmin(['write']);
    const result = await t.gql<{ postDeleteAdminUser: { deletedUserId: number; message: string } }>(
      DELETE_ADMIN,
      { userId: user.id },
      superToken,
    );
    expect(result.data?.postDeleteAdminUser.deletedUserId).toBe(user.id);
    const after = await t.gql(ME, {}, token);
    expect(after.errors?.[0]?.message).toBe(AUTHORIZATION_ERROR_MESSAGE);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(audit.operation).toBe('postDeleteAdminUser');
    expect(audit.summary).toMatchObject({
      before: { id: user.id, email: user.email },
      after: null,
    });
  });

  it('answers NOT_FOUND for an unknown admin and changes nothing', async () => {
    const before = await auditCount(t.database);
    const result = await t.gql(DELETE_ADMIN, { userId: 999999 }, superToken);
    expect(result.errors?.[0]?.extensions).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'RECORD_NOT_FOUND',
      params: { record: 'adminUser', id: '999999' },
    });
    expect(await auditCount(t.database)).toBe(before);
  });
});
