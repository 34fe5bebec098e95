import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { RequiredTimestamp, Timestamp } from './timestamp';

type AdminRolesTable = {
  id: Generated<number>;
  name: string;
  description: string;
};

type AdminUsersTable = {
  id: Generated<number>;
  user_name: string;
  email: string;
  password_hash: string;
  must_change_password: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  /** INT8: read as a string on both engines. */
  totp_last_step: ColumnType<string | null, string | number | null, string | number | null>;
  password_changed_at: Timestamp;
  /** Who created the account (migration 0215); null when unknown or the creator is gone. */
  created_by_admin_user_id: number | null;
};

type AdminUserRolesTable = {
  admin_user_id: number;
  role_id: number;
  /** Who gave the role, and who confirmed the grant (migration 0215). */
  granted_by_admin_user_id: number | null;
  confirmed_by_admin_user_id: number | null;
  granted_at: Timestamp;
};

/** A proposed grant of an approving role, waiting for a second super admin (migration 0215). */
type AdminRoleGrantsTable = {
  id: ColumnType<string, string | number | undefined, never>;
  admin_user_id: number;
  role_id: number;
  status: Generated<'pending' | 'confirmed' | 'withdrawn'>;
  proposed_by_admin_user_id: number | null;
  proposed_by_admin_user_name: string;
  proposed_at: Timestamp;
  decided_by_admin_user_id: number | null;
  decided_by_admin_user_name: string | null;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

type AdminAccessTokensTable = {
  token_hash: string;
  admin_user_id: number;
  created_at: Timestamp;
  expires_at: RequiredTimestamp;
  id: Generated<string>;
  last_used_at: Timestamp;
  ip: string | null;
  /** The User-Agent header at sign-in (0045), cut to USER_AGENT_MAX_LENGTH. */
  user_agent: string | null;
};

type AdminSignInThrottlesTable = {
  throttle_key: string;
  failures: number;
  last_failure_at: RequiredTimestamp;
  blocked_until: ColumnType<Date | null, Date | string | null, Date | string | null>;
};

/** A JSON value as stored in audit summaries. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

type AuditLogTable = {
  /** INT8: read as a string on both engines. */
  id: ColumnType<string, string | number, never>;
  occurred_at: ColumnType<Date, Date | string, never>;
  admin_user_id: ColumnType<number | null, number | null, never>;
  admin_user_name: ColumnType<string | null, string | null, never>;
  operation: ColumnType<string, string, never>;
  target_type: ColumnType<string | null, string | null, never>;
  target_ids: ColumnType<string[], string[], never>;
  summary: JSONColumnType<{ [key: string]: JsonValue }, string, never>;
  request_id: ColumnType<string | null, string | null, never>;
  ip: ColumnType<string | null, string | null, never>;
  prev_hash: ColumnType<string, string, never>;
  hash: ColumnType<string, string, never>;
};

type AuditChainHeadTable = {
  singleton: Generated<boolean>;
  last_id: ColumnType<string, string | number, string | number>;
  last_hash: string;
};

/** Tables of the admin-account migrations. */
export type AdminTables = {
  admin_roles: AdminRolesTable;
  admin_users: AdminUsersTable;
  admin_user_roles: AdminUserRolesTable;
  admin_role_grants: AdminRoleGrantsTable;
  admin_access_tokens: AdminAccessTokensTable;
  admin_sign_in_throttles: AdminSignInThrottlesTable;
  audit_log: AuditLogTable;
  audit_chain_head: AuditChainHeadTable;
};
