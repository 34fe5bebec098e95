import '@/i18n/screens';
import { AUDIT_OPERATIONS, AUDIT_SHAPE, AUDIT_TARGET_TYPES } from '@app/shared';
import { dateTimeColumn } from '@/components/data-table/columns';
import { ListScreen } from '@/components/list-screen';
import { TruncatedText } from '@/components/truncated-text';
import { listView } from '@/lib/list-declaration';
import { defineListScreen } from '@/lib/list-query';
import { useAdminUsers } from '../api/admin-users';
import { auditLogsCsv } from '@/gql/list-exports';
import { auditLogs } from '../api/audit-logs';
import { auditSummaryText } from './audit-summary';

/** The audit log's URL, sorts and variables from its declaration (AUDIT_SHAPE). */
const VIEW = listView(AUDIT_SHAPE);

/** A filter option: the value sent, the label shown. */
const named = (value: string, label: string) => ({ value, label });

/** The admins the admin filter offers (`context`). */
type Admins = readonly { id: number | string; userName: string }[];

/**
 * The audit trail for super admins (`context`: the admins to filter by): filter by admin,
 * operation (one of the registered audit events, in both languages), target and business
 * days; paged in SQL, the view in the URL, its CSV of the same view.
 */
const AUDIT_LOG = defineListScreen({
  ...VIEW.data('arguments', auditLogs, auditLogsCsv),
  label: (t) => t('audit.title'),
  storageKey: 'audit-log',
  fields: (t, admins: Admins) => [
    VIEW.field('adminUserId', {
      label: t('audit.admin'),
      options: admins.map((a) => named(String(a.id), a.userName)),
    }),
    VIEW.field('operation', {
      label: t('audit.operation'),
      options: AUDIT_OPERATIONS.map((name) => named(name, t(`audit.operations.${name}`))),
    }),
    VIEW.field('targetId', { label: t('audit.targetId') }),
    VIEW.field('targetType', {
      label: t('audit.targetType'),
      options: AUDIT_TARGET_TYPES.map((type) => named(type, t(`audit.targets.${type}`))),
    }),
    VIEW.field('dateFrom', { label: t('audit.dateFrom') }),
    VIEW.field('dateUntil', { label: t('audit.dateUntil') }),
    VIEW.field('refusals', {
      label: t('audit.refusalsOnly'),
      options: [{ value: 'yes', label: t('fields.yes') }],
    }),
  ],
  columns: (t) => [
    { id: 'id', label: t('audit.id'), render: (r) => r.id, sortable: true, hideable: false },
    dateTimeColumn({
      id: 'occurredAt',
      label: t('audit.occurredAt'),
      value: (r) => r.occurredAt,
      sortable: true,
    }),
    {
      id: 'adminUserName',
      label: t('audit.admin'),
      render: (r) => r.adminUserName ?? '—',
      sortable: true,
    },
    {
      id: 'operation',
      label: t('audit.operation'),
      render: (r) => t(`audit.operations.${r.operation}`, { defaultValue: r.operation }),
      sortable: true,
    },
    {
      id: 'target',
      label: t('audit.target'),
      render: (r) =>
        r.targetType
          ? `${t(`audit.targets.${r.targetType}`, { defaultValue: r.targetType })} ${r.targetIds.join(', ')}`
          : r.targetIds.join(', '),
    },
    {
      id: 'summary',
      label: t('audit.summary'),
      render: (r) => <TruncatedText text={auditSummaryText(r.summary, t)} max={40} />,
    },
    { id: 'ip', label: t('audit.ip'), render: (r) => r.ip ?? '—' },
  ],
  getRowId: (r) => r.id,
  emptyText: (t) => t('audit.empty'),
});

/** The audit log tab of /admin_user (super admins only). */
export function AuditLogView() {
  const admins = useAdminUsers();
  return <ListScreen descriptor={AUDIT_LOG} context={admins.data ?? []} />;
}
