import { builder } from '../../graphql/builder';
import { PaginationInputRef, PaginationRef, toPage, type PageInfo } from '../../graphql/pagination';
import { AUDIT_SORT_TARGETS } from './audit-repository';
import type { AuditRowView } from './audit-service';

const AuditLogEntryRef = builder.objectRef<AuditRowView>('AuditLogEntry').implement({
  description: 'One append-only audit row: who changed what, when, from where.',
  fields: (t) => ({
    id: t.exposeString('id', {
      description: 'Position in the chain (a 64-bit integer, as a string).',
    }),
    occurredAt: t.field({ type: 'DateTime', resolve: (row) => row.occurredAt }),
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

const AuditLogListRef = builder
  .objectRef<{ list: AuditRowView[]; pagination: PageInfo }>('AuditLogList')
  .implement({
    fields: (t) => ({
      list: t.field({ type: [AuditLogEntryRef], resolve: (result) => result.list }),
      pagination: t.field({ type: PaginationRef, resolve: (result) => result.pagination }),
    }),
  });

builder.queryField('auditLogs', (t) =>
  t.field({
    description:
      'The audit trail, newest first by default; filter by admin, operation, target and time range. Sort targets: id, occurredAt, operation, adminUserName.',
    type: AuditLogListRef,
    authScopes: { superAdmin: true },
    args: {
      adminUserId: t.arg.int({ required: false }),
      operation: t.arg.string({ required: false }),
      targetType: t.arg.string({ required: false }),
      targetId: t.arg.string({ required: false }),
      dateFrom: t.arg({ type: 'DateTime', required: false }),
      dateUntil: t.arg({ type: 'DateTime', required: false }),
      pagination: t.arg({ type: PaginationInputRef, required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const page = toPage(args.pagination, AUDIT_SORT_TARGETS, { target: 'id', orderBy: 'DESC' });
      const { rows, total } = await ctx.services.audit.list(
        {
          adminUserId: args.adminUserId,
          operation: args.operation,
          targetType: args.targetType,
          targetId: args.targetId,
          occurredFrom: args.dateFrom,
          occurredUntil: args.dateUntil,
        },
        page,
      );
      return { list: rows, pagination: { ...page, totalRecords: total } };
    },
  }),
);
