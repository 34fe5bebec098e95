import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { defineListExport } from '../../platform/lists';
import { AUDIT_LIST } from './audit-list';
import { auditExportQuery } from './audit-repository';
import { auditLogsFilter } from './audit-service';

/** auditLogsCsv: the audit log's filters and sort, every page; super admins only. */
export function auditExports(db: Kysely<DB>) {
  return [
    defineListExport(AUDIT_LIST, {
      filter: auditLogsFilter,
      query: (filter, sort) => auditExportQuery(db, filter, sort),
    }),
  ];
}
