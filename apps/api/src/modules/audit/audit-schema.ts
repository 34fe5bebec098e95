import { builder } from '../../graphql/builder';
import { filterArgs } from '../../graphql/filter-fields';
import { pagedListQuery } from '../../graphql/pagination';
import { auditLogsFilter, type AuditRowView } from './audit-service';
import { AUDIT_LIST } from './audit-list';

const AuditLogEntryRef = builder.objectRef<AuditRowView>('AuditLogEntry').implement({
  description: 'One append-only audit row: who changed what, when, from where.',
  fields: (t) => ({
    id: t.exposeString('id', {
      description: 'Position in the chain (a 64-bit integer, as a string).',
    }),
    occurredAt: t.expose('occurredAt', { type: 'DateTime' }),
    adminUserId: t.exposeInt('adminUserId', { nullable: true }),
    adminUserName: t.exposeString('adminUserName', { nullable: true }),
    operation: t.exposeString('operation'),
    targetType: t.exposeString('targetType', { nullable: true }),
    targetIds: t.exposeStringList('targetIds'),
    summary: t.string({
      description: 'The change as JSON: {"before": …, "after": …}.',
      resolve: (row) => JSON.stringify(row.summary),
    }),
    requestId: t.exposeString('requestId', { nullable: true }),
    ip: t.exposeString('ip', { nullable: true }),
    prevHash: t.exposeString('prevHash'),
    hash: t.exposeString('hash'),
  }),
});

pagedListQuery(AUDIT_LIST, {
  type: 'AuditLogList',
  item: AuditLogEntryRef,
  description:
    'The audit trail, newest first by default; filter by admin, operation, target and time range.',
  authScopes: { superAdmin: true },
  args: () => filterArgs(AUDIT_LIST.filters),
  load: (args, page, ctx) => ctx.services.audit.list(auditLogsFilter(args), page),
});
