import type { Filters } from '../../graphql/filter-fields';

/** The audit log's filters; `auditLogsCsv` takes the same (graphql/filter-fields.ts). */
export const AUDIT_LOG_FILTERS = {
  adminUserId: { type: 'Int' },
  operation: { type: 'String' },
  targetType: { type: 'String' },
  targetId: { type: 'String' },
  dateFrom: { type: 'DateTime' },
  dateUntil: { type: 'DateTime' },
} as const satisfies Filters;
