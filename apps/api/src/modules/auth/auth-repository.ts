import { sql } from 'kysely';
import type { RoleName } from '@app/shared';
import type { Executor } from '../../db/executor';

export type AdminCredentials = {
  id: number;
  passwordHash: string;
};

/** Looks up an admin's password hash by email, ignoring letter case. */
export async function findCredentialsByEmail(
  db: Executor,
  email: string,
): Promise<AdminCredentials | undefined> {
  const row = await db
    .selectFrom('admin_users')
    .select(['id', 'password_hash'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row && { id: row.id, passwordHash: row.password_hash };
}

export async function insertAccessToken(
  db: Executor,
  token: { tokenHash: string; adminUserId: number; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('admin_access_tokens')
    .values({
      token_hash: token.tokenHash,
      admin_user_id: token.adminUserId,
      expires_at: token.expiresAt,
    })
    .execute();
}

export type TokenOwner = {
  id: number;
  userName: string;
  email: string;
  mustChangePassword: boolean;
  roles: RoleName[];
};

/** The admin owning an unexpired token, with current roles; undefined when none. */
export async function findTokenOwner(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<TokenOwner | undefined> {
  const row = await db
    .selectFrom('admin_access_tokens as t')
    .innerJoin('admin_users as u', 'u.id', 't.admin_user_id')
    .select([
      'u.id',
      'u.user_name',
      'u.email',
      'u.must_change_password',
      sql<RoleName[]>`coalesce(
        (SELECT array_agg(r.name ORDER BY r.id) FROM admin_user_roles ur
           JOIN admin_roles r ON r.id = ur.role_id WHERE ur.admin_user_id = u.id),
        '{}')`.as('roles'),
    ])
    .where('t.token_hash', '=', tokenHash)
    .where('t.expires_at', '>', now)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      userName: row.user_name,
      email: row.email,
      mustChangePassword: row.must_change_password,
      roles: row.roles,
    }
  );
}

export async function deleteAccessToken(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('admin_access_tokens').where('token_hash', '=', tokenHash).execute();
}

export async function deleteExpiredAccessTokens(db: Executor, now: Date): Promise<void> {
  await db.deleteFrom('admin_access_tokens').where('expires_at', '<=', now).execute();
}
