import { AUDIT_SHAPE, EXPORT_UNIT_WORDS } from '@app/shared';
import type { ExportColumn } from '../../platform/exports';
import { defineExportedList, type FilterInput } from '../../platform/lists';

const ZONED = EXPORT_UNIT_WORDS.zonedDateTime;

/** A row of auditLogsCsv (the summary as its JSON text, the targets joined by spaces). */
type AuditExportRow = {
  id: string;
  occurredAt: Date;
  adminUserId: number | null;
  adminUserName: string | null;
  operation: string;
  targetType: string | null;
  targetIds: string;
  summary: string;
  requestId: string | null;
  ip: string | null;
  hash: string;
};

const AUDIT_EXPORT_COLUMNS: readonly ExportColumn<AuditExportRow>[] = [
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
    unit: ZONED,
    example: '2026-01-31T18:00:00+09:00',
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
];

/**
 * The audit log list, declared once (docs/list-conventions.md): `auditLogs` and `auditLogsCsv`
 * (super admins only) take these filters and sort targets.
 */
export const AUDIT_LIST = defineExportedList(AUDIT_SHAPE, {
  name: 'auditLogs',
  fileName: 'audit_log',
  access: 'superAdmin',
  columns: AUDIT_EXPORT_COLUMNS,
});

/** The audit log's filters as the list and its export hand them to the service. */
export type AuditLogsInput = FilterInput<typeof AUDIT_LIST.filters>;
