import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { defineExport, exportDate, type ExportFilterInput } from '../../platform/exports';
import { toPageRequest, type PageRequestInput } from '../../shared/page';
import { AUDIT_SORT_TARGETS, auditExportQuery } from './audit-repository';

const UTC = 'ISO-8601 UTC';
const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** auditLogsCsv: the audit log's filters and sort, every page; super admins only. */
export function auditExports(db: Kysely<DB>) {
  return [
    defineExport({
      name: 'auditLogs',
      fileName: 'audit_log',
      access: 'superAdmin',
      parseFilters: (input: ExportFilterInput) => ({
        filter: {
          adminUserId: typeof input.adminUserId === 'number' ? input.adminUserId : null,
          operation: str(input.operation),
          targetType: str(input.targetType),
          targetId: str(input.targetId),
          occurredFrom: exportDate(input.dateFrom) ?? null,
          occurredUntil: exportDate(input.dateUntil) ?? null,
        },
        sort: toPageRequest({ sort: input.sort } as PageRequestInput, AUDIT_SORT_TARGETS, {
          target: 'id',
          orderBy: 'desc',
        }).sort,
      }),
      query: ({ filter, sort }) => auditExportQuery(db, filter, sort),
      columns: [
        {
          key: 'id',
          header: 'id',
          meaning: 'Row number in the hash chain',
          type: 'integer',
          example: '1201',
        },
        {
          key: 'occurredAt',
          header: 'occurredAt',
          meaning: 'When',
          type: 'datetime',
          unit: UTC,
          example: '2026-01-31T09:00:00.000Z',
        },
        {
          key: 'adminUserId',
          header: 'adminUserId',
          meaning: 'Admin id (empty for the system)',
          type: 'integer',
          example: '3',
        },
        {
          key: 'adminUserName',
          header: 'adminUserName',
          meaning: 'Admin user name',
          type: 'text',
          example: 'super01',
        },
        {
          key: 'operation',
          header: 'operation',
          meaning: 'Operation',
          type: 'text',
          example: 'postAddNewAdminUser',
        },
        {
          key: 'targetType',
          header: 'targetType',
          meaning: 'Kind of record changed',
          type: 'text',
          example: 'admin_user',
        },
        {
          key: 'targetIds',
          header: 'targetIds',
          meaning: 'Ids of the records, space-separated',
          type: 'text',
          example: '12 13',
        },
        {
          key: 'summary',
          header: 'summary',
          meaning: 'Summary of the change (JSON)',
          type: 'text',
          example: '{"after": {…}}',
        },
        {
          key: 'requestId',
          header: 'requestId',
          meaning: 'Request id',
          type: 'text',
          example: '2f1c…',
        },
        { key: 'ip', header: 'ip', meaning: 'Client IP', type: 'text', example: '203.0.113.7' },
        {
          key: 'hash',
          header: 'hash',
          meaning: "Row's hash in the chain",
          type: 'text',
          example: '9f86…',
        },
      ],
    }),
  ];
}
