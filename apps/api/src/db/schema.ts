import type { AdminTables } from './tables/admin-tables';
import type { DomainTables } from './tables/domain-tables';
import type { PlatformTables } from './tables/platform-tables';
import type { SupportTables } from './tables/support-tables';
import type { Timestamp } from './tables/timestamp';

/**
 * Row types of every table, as Kysely sees them. Each area keeps its tables in its own file
 * under tables/, in step with the migrations that create them.
 */
type SchemaMigrationsTable = {
  version: string;
  name: string;
  applied_at: Timestamp;
};

export type DB = AdminTables &
  DomainTables &
  PlatformTables &
  SupportTables & {
    schema_migrations: SchemaMigrationsTable;
  };
