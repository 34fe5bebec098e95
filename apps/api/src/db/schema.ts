import type { ColumnType, Generated } from 'kysely';

/**
 * Row types of the tables, as Kysely sees them. Each table's type sits beside the migration
 * that creates it in spirit: keep both in step when a migration changes a table.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

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
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
};

export type AdminUserRolesTable = {
  admin_user_id: number;
  role_id: number;
};

export type AdminAccessTokensTable = {
  token_hash: string;
  admin_user_id: number;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
};

export type SchemaMigrationsTable = {
  version: string;
  name: string;
  applied_at: Generated<Timestamp>;
};

export type DB = {
  admin_roles: AdminRolesTable;
  admin_users: AdminUsersTable;
  admin_user_roles: AdminUserRolesTable;
  admin_access_tokens: AdminAccessTokensTable;
  schema_migrations: SchemaMigrationsTable;
};
