import type { Generated } from 'kysely';
import type { RequiredTimestamp, Timestamp } from './timestamp';

export type AdminRolesTable = {
  id: Generated<number>;
  name: string;
  description: string;
};

export type AdminUsersTable = {
  id: Generated<number>;
  user_name: string;
  email: string;
  password_hash: string;
  must_change_password: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type AdminUserRolesTable = {
  admin_user_id: number;
  role_id: number;
};

export type AdminAccessTokensTable = {
  token_hash: string;
  admin_user_id: number;
  created_at: Timestamp;
  expires_at: RequiredTimestamp;
};

/** Tables of the admin-account migrations. */
export type AdminTables = {
  admin_roles: AdminRolesTable;
  admin_users: AdminUsersTable;
  admin_user_roles: AdminUserRolesTable;
  admin_access_tokens: AdminAccessTokensTable;
};
