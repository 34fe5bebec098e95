import { sql } from 'kysely';
import type { RoleName } from '@app/shared';
import { createCompiledQueryCache } from '../../db/compiled-query-cache';
import type { Executor } from '../../db/executor';
import { SEALED_PREFIX } from '../../shared/secret-box';

export type AdminCredentials = {
  id: number;
  userName: string;
  passwordHash: string;
  totpSecret: string | null;
  totpLastStep: number | null;
};

/** Looks up an admin's password hash and TOTP state by email, ignoring letter case. */
export async function findCredentialsByEmail(
  db: Executor,
  email: string,
): Promise<AdminCredentials | undefined> {
  const row = await db
    .selectFrom('admin_users')
    .select(['id', 'user_name', 'password_hash', 'totp_secret', 'totp_last_step'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row && toCredentials(row);
}

/** The same, by id. */
export async function findCredentialsById(
  db: Executor,
  id: number,
): Promise<AdminCredentials | undefined> {
  const row = await db
    .selectFrom('admin_users')
    .select(['id', 'user_name', 'password_hash', 'totp_secret', 'totp_last_step'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toCredentials(row);
}

function toCredentials(row: {
  id: number;
  user_name: string;
  password_hash: string;
  totp_secret: string | null;
  totp_last_step: string | null;
}): AdminCredentials {
  return {
    id: row.id,
    userName: row.user_name,
    passwordHash: row.password_hash,
    totpSecret: row.totp_secret,
    totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
  };
}

/**
 * Records the TOTP step just used, only if it is newer than the last one; false when another
 * request used this step (or a later one) first, so a code works once.
 */
export async function claimTotpStep(db: Executor, adminId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('admin_users')
    .set({ totp_last_step: step })
    .where('id', '=', adminId)
    .where((eb) =>
      eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const SEALED = `${SEALED_PREFIX}%`;

/** Admins whose TOTP secrets are still stored as plaintext (written before sealing). */
export async function findPlaintextTotpSecrets(db: Executor) {
  return db
    .selectFrom('admin_users')
    .select(['id', 'totp_secret as active', 'totp_pending_secret as pending'])
    .where((eb) =>
      eb.or([
        eb.and([eb('totp_secret', 'is not', null), eb('totp_secret', 'not like', SEALED)]),
        eb.and([
          eb('totp_pending_secret', 'is not', null),
          eb('totp_pending_secret', 'not like', SEALED),
        ]),
      ]),
    )
    .orderBy('id')
    .execute();
}

/** Replaces one stored secret, only if it still holds `from` (another replica may have sealed it). */
export async function replaceTotpSecret(
  db: Executor,
  adminId: number,
  column: 'totp_secret' | 'totp_pending_secret',
  from: string,
  to: string,
): Promise<void> {
  await db
    .updateTable('admin_users')
    .set({ [column]: to })
    .where('id', '=', adminId)
    .where(column, '=', from)
    .execute();
}

export async function findPendingTotpSecret(db: Executor, adminId: number): Promise<string | null> {
  const row = await db
    .selectFrom('admin_users')
    .select('totp_pending_secret')
    .where('id', '=', adminId)
    .executeTakeFirst();
  return row?.totp_pending_secret ?? null;
}

export async function setPendingTotpSecret(
  db: Executor,
  adminId: number,
  secret: string | null,
): Promise<void> {
  await db
    .updateTable('admin_users')
    .set({ totp_pending_secret: secret })
    .where('id', '=', adminId)
    .execute();
}

/** Turns two-factor authentication on with a confirmed secret, or off with null. */
export async function setTotpSecret(
  db: Executor,
  adminId: number,
  secret: string | null,
  lastStep: number | null,
  now: Date,
): Promise<void> {
  await db
    .updateTable('admin_users')
    .set({
      totp_secret: secret,
      totp_pending_secret: null,
      totp_last_step: lastStep,
      updated_at: now,
    })
    .where('id', '=', adminId)
    .execute();
}

/** Revokes every token of an admin except, optionally, the one in use. Returns how many. */
export async function deleteAccessTokensOfAdmin(
  db: Executor,
  adminId: number,
  exceptTokenHash?: string,
): Promise<number> {
  let query = db.deleteFrom('admin_access_tokens').where('admin_user_id', '=', adminId);
  if (exceptTokenHash) query = query.where('token_hash', '<>', exceptTokenHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

type ThrottleState = { failures: number; lastFailureAt: Date; blockedUntil: Date | null };

export async function findThrottle(db: Executor, key: string): Promise<ThrottleState | undefined> {
  const row = await db
    .selectFrom('admin_sign_in_throttles')
    .select(['failures', 'last_failure_at', 'blocked_until'])
    .where('throttle_key', '=', key)
    .executeTakeFirst();
  return (
    row && {
      failures: row.failures,
      lastFailureAt: new Date(row.last_failure_at),
      blockedUntil: row.blocked_until ? new Date(row.blocked_until) : null,
    }
  );
}

/**
 * Counts one more failure for a key in one atomic statement (a count older than
 * `resetBefore` starts over) and returns the new count.
 */
export async function addThrottleFailure(
  db: Executor,
  key: string,
  now: Date,
  resetBefore: Date,
): Promise<number> {
  const row = await db
    .insertInto('admin_sign_in_throttles')
    .values({ throttle_key: key, failures: 1, last_failure_at: now, blocked_until: null })
    .onConflict((oc) =>
      oc.column('throttle_key').doUpdateSet({
        failures: sql<number>`CASE WHEN admin_sign_in_throttles.last_failure_at < ${resetBefore}
          THEN 1 ELSE admin_sign_in_throttles.failures + 1 END`,
        last_failure_at: now,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return row.failures;
}

export async function setThrottleBlock(
  db: Executor,
  key: string,
  blockedUntil: Date | null,
): Promise<void> {
  await db
    .updateTable('admin_sign_in_throttles')
    .set({ blocked_until: blockedUntil })
    .where('throttle_key', '=', key)
    .execute();
}

export async function deleteThrottle(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('admin_sign_in_throttles').where('throttle_key', '=', key).execute();
}

/** Forgets keys with no failure for a while, so the table stays small. */
export async function deleteStaleThrottles(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('admin_sign_in_throttles').where('last_failure_at', '<', before).execute();
}

export async function insertAccessToken(
  db: Executor,
  token: {
    tokenHash: string;
    adminUserId: number;
    expiresAt: Date;
    issuedAt: Date;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<void> {
  await db
    .insertInto('admin_access_tokens')
    .values({
      token_hash: token.tokenHash,
      admin_user_id: token.adminUserId,
      expires_at: token.expiresAt,
      created_at: token.issuedAt,
      last_used_at: token.issuedAt,
      ip: token.ip,
      user_agent: token.userAgent,
    })
    .execute();
}

/** Records a token's use (for the idle timeout). */
export async function touchAccessToken(db: Executor, tokenHash: string, now: Date): Promise<void> {
  await db
    .updateTable('admin_access_tokens')
    .set({ last_used_at: now })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export type SessionRow = {
  id: string;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  current: boolean;
};

/** An admin's live sessions (neither expired nor idle), the most recently used first. */
export async function listSessionsOfAdmin(
  db: Executor,
  adminId: number,
  currentTokenHash: string,
  now: Date,
  idleSince: Date,
): Promise<SessionRow[]> {
  const rows = await db
    .selectFrom('admin_access_tokens')
    .select([
      'id',
      'created_at',
      'last_used_at',
      'expires_at',
      'ip',
      'user_agent',
      sql<boolean>`token_hash = ${currentTokenHash}`.as('current'),
    ])
    .where('admin_user_id', '=', adminId)
    .where('expires_at', '>', now)
    .where('last_used_at', '>', idleSince)
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: new Date(row.created_at),
    lastUsedAt: new Date(row.last_used_at),
    expiresAt: new Date(row.expires_at),
    ip: row.ip,
    userAgent: row.user_agent,
    current: row.current,
  }));
}

type TokenOwner = {
  id: number;
  userName: string;
  email: string;
  mustChangePassword: boolean;
  roles: RoleName[];
  lastUsedAt: Date;
  totpEnabled: boolean;
};

const compiledTokenLookup = createCompiledQueryCache(1);

/** The admin owning an unexpired token, with current roles; undefined when none. */
export async function findTokenOwner(
  db: Executor,
  tokenHash: string,
  now: Date,
  idleSince: Date,
): Promise<TokenOwner | undefined> {
  // Runs on every request: the statement is built and compiled once (db/compiled-query-cache).
  const [row] = await compiledTokenLookup(
    db,
    'token-owner',
    { tokenHash, now, idleSince },
    (param) =>
      db
        .selectFrom('admin_access_tokens as t')
        .innerJoin('admin_users as u', 'u.id', 't.admin_user_id')
        .select([
          'u.id',
          'u.user_name',
          'u.email',
          'u.must_change_password',
          't.last_used_at',
          sql<boolean>`u.totp_secret IS NOT NULL`.as('totp_enabled'),
          sql<RoleName[]>`coalesce(
          (SELECT array_agg(r.name ORDER BY r.id) FROM admin_user_roles ur
             JOIN admin_roles r ON r.id = ur.role_id WHERE ur.admin_user_id = u.id),
          '{}')`.as('roles'),
        ])
        .where('t.token_hash', '=', param('tokenHash'))
        .where('t.expires_at', '>', param('now') as unknown as Date)
        // The idle timeout: a session unused since idleSince has ended.
        .where('t.last_used_at', '>', param('idleSince') as unknown as Date),
    // A primary-key lookup: one plan fits every token, so it is prepared once per connection.
    { prepare: true },
  );
  return (
    row && {
      id: row.id,
      userName: row.user_name,
      email: row.email,
      mustChangePassword: row.must_change_password,
      roles: row.roles,
      lastUsedAt: new Date(row.last_used_at),
      totpEnabled: row.totp_enabled,
    }
  );
}

export async function deleteAccessToken(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('admin_access_tokens').where('token_hash', '=', tokenHash).execute();
}

export async function deleteExpiredAccessTokens(db: Executor, now: Date): Promise<void> {
  await db.deleteFrom('admin_access_tokens').where('expires_at', '<=', now).execute();
}
