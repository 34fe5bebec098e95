import '@/i18n/screens';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { CONTACT_STATUSES, CONTACTS_SHAPE, isOneOf, type ContactStatus } from '@app/shared';
import { Chip, Tab, Tabs } from '@mui/material';
import { dateTimeColumn } from '@/components/data-table/columns';
import { FilteredList } from '@/components/filtered-list';
import { filteredListProps } from '@/components/list-screen';
import { listView } from '@/lib/list-declaration';
import { defineListScreen, useListQuery } from '@/lib/list-query';
import { TruncatedText } from '@/components/truncated-text';
import { useSupportChoices, userContacts } from '../api/support';
import { ContactDetailDialog } from './contact-detail-dialog';

/** Time since an instant, in the largest whole unit: "3 d", "5 h", "12 min". */
function ageText(since: string, t: TFunction, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  if (minutes < 60) return t('support.age.minutes', { count: minutes });
  if (minutes < 24 * 60) return t('support.age.hours', { count: Math.floor(minutes / 60) });
  return t('support.age.days', { count: Math.floor(minutes / (24 * 60)) });
}

/** A status in the admin's language; a status the catalogue does not know shows its name. */
function statusName(status: string, t: TFunction): string {
  return isOneOf(CONTACT_STATUSES, status) ? t(`support.status.${status}`) : status;
}

// Outlined chips in the palette colours that keep AA contrast on white and dark paper
// (filled warning and info chips do not).
// Typed by the shared statuses, so a status added there needs its colour here.
const STATUS_COLOR: Record<ContactStatus, 'error' | 'primary' | 'default'> = {
  backlog: 'error',
  wip: 'primary',
  closed: 'default',
};
function statusColor(status: string): 'error' | 'primary' | 'default' {
  return isOneOf(CONTACT_STATUSES, status) ? STATUS_COLOR[status] : 'default';
}

/** A status tab from the URL, if it is one of the server's statuses (else all: no filter). */
const statusOf = (value: string | undefined, statuses: readonly string[]) =>
  value !== undefined && statuses.includes(value) ? value : undefined;

/**
 * The inquiries' URL, sorts and variables from their declaration (CONTACTS_SHAPE); links keep
 * their keys (business days `dateFrom`/`dateUntil`, the status tab `status`, `unassigned=1`).
 * The screen opens open-first: the server's openFirst order (backlog, wip, closed, each oldest
 * first), which the status column's header sorts by.
 */
const VIEW = listView(CONTACTS_SHAPE, {
  keys: { datetimeFrom: 'dateFrom', datetimeUntil: 'dateUntil', userContactStatus: 'status' },
  defaultSort: { target: 'openFirst', orderBy: 'ASC' },
});

/** What the screen knows beside the URL: the server's statuses (loaded or not) and admins. */
type Context = { statuses: readonly string[]; statusesLoaded: boolean; admins: readonly string[] };

/** The inquiries, filtered, sorted by their column headers and paged like every other list. */
const CONTACTS = defineListScreen({
  view: VIEW,
  query: {
    ...userContacts,
    variables: (search, pagination, { statuses }: Context) => {
      const filters = VIEW.variables(search);
      return {
        userName: filters.userName ?? null,
        // Unassigned is no assignee; the tabs are the server's statuses.
        assigneeUserName: filters.unassigned ? null : (filters.assigneeUserName ?? null),
        datetimeFrom: filters.datetimeFrom ?? null,
        datetimeUntil: filters.datetimeUntil ?? null,
        unassigned: filters.unassigned ?? null,
        userContactStatus: statusOf(search.status, statuses) ?? null,
        pagination,
      };
    },
    // A status tab waits for the statuses, so a made-up one is never sent.
    enabled: (search, { statusesLoaded }) => search.status === undefined || statusesLoaded,
  },
  label: (t) => t('support.listLabel'),
  storageKey: 'support',
  fields: (t, { admins }) => [
    VIEW.field('userName', { label: t('support.filters.userName') }),
    // The assignee is picked from the admins, not typed free.
    VIEW.field('assigneeUserName', {
      label: t('support.filters.assigneeUserName'),
      options: admins.map((name) => ({ value: name, label: name })),
    }),
    VIEW.field('unassigned', {
      label: t('support.filters.unassigned'),
      options: [{ value: '1', label: t('fields.yes') }],
    }),
    VIEW.field('datetimeFrom', { label: t('support.filters.dateFrom') }),
    VIEW.field('datetimeUntil', { label: t('support.filters.dateUntil') }),
  ],
  columns: (t) => [
    { id: 'id', label: t('support.columns.id'), render: (c) => c.id, sortable: true, pinned: true },
    // On a phone an inquiry shows who sent it and its status; its title (a line of its own at
    // 390 px) is one tap away, in the row's fields.
    {
      id: 'userName',
      label: t('support.columns.userName'),
      render: (c) => c.userName,
      phone: true,
    },
    {
      id: 'title',
      label: t('support.columns.title'),
      // Japanese titles are twice as wide per character: cut shorter, whole on hover and focus
      // (30 left the closed tab 4 px past its panel on some days: the ages vary in width).
      render: (c) => <TruncatedText text={c.title} max={24} />,
    },
    {
      id: 'status',
      label: t('support.columns.status'),
      sortable: true,
      sortTarget: 'openFirst',
      phone: true,
      render: (c) => (
        <Chip
          size="small"
          variant="outlined"
          color={statusColor(c.status)}
          label={statusName(c.status, t)}
        />
      ),
    },
    {
      id: 'assignee',
      label: t('support.columns.assignee'),
      // One line: 未割り当て broke inside the word.
      render: (c) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {c.assignee?.userName ?? t('support.unassignedLabel')}
        </span>
      ),
    },
    dateTimeColumn({
      id: 'contactedAt',
      label: t('support.columns.contactedAt'),
      value: (c) => c.contactedAt,
      sortable: true,
    }),
    { id: 'age', label: t('support.columns.age'), render: (c) => ageText(c.contactedAt, t) },
    {
      id: 'statusAge',
      label: t('support.columns.statusAge'),
      render: (c) => ageText(c.statusChangedAt, t),
      sortable: true,
      sortTarget: 'statusChangedAt',
    },
    {
      id: 'files',
      label: t('support.columns.files'),
      align: 'right',
      render: (c) => c.files.length || '',
    },
  ],
  getRowId: (c) => c.id,
  emptyText: (t) => t('support.empty'),
});

/** /common/support: inquiries with filters, status tabs and ages, all in the URL; the detail in a dialog. */
export function SupportPage() {
  const { t } = useTranslation();
  const choices = useSupportChoices();
  // The tabs are the server's statuses; a status in the URL that is not one is no filter.
  const statuses = (choices.data?.userContactStatuses ?? []).map((s) => s.name);
  const context: Context = {
    statuses,
    statusesLoaded: choices.isSuccess,
    admins: (choices.data?.adminUserNames ?? []).map((a) => a.userName),
  };
  const { list, query } = useListQuery(CONTACTS, context);
  const [openId, setOpenId] = useState<string | null>(null);
  const status = statusOf(list.filters.status, statuses) ?? 'all';
  const counts = new Map(query.data?.statusCounts.map((c) => [c.status, c.count]));
  const total = [...counts.values()].reduce((a, b) => a + b, 0);

  return (
    <>
      <Tabs
        value={status}
        onChange={(_e, value: string) => list.setFilters({ status: value === 'all' ? '' : value })}
        variant="scrollable"
        aria-label={t('support.columns.status')}
        sx={{ mb: 2 }}
      >
        <Tab value="all" label={`${t('support.all')} (${total})`} />
        {statuses.map((s) => (
          <Tab key={s} value={s} label={`${statusName(s, t)} (${counts.get(s) ?? 0})`} />
        ))}
      </Tabs>
      <FilteredList
        list={list}
        query={query}
        {...filteredListProps(CONTACTS, t, context, list)}
        onOpenRow={(row) => setOpenId(row.id)}
        rowLabel={(row) => t('support.openRow', { id: row.id })}
      />
      <ContactDetailDialog id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
