import '@/i18n/screens';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { CONTACT_STATUSES, CONTACTS_SHAPE, isOneOf, type ContactStatus } from '@app/shared';
import {
  Autocomplete,
  Box,
  Button,
  Card,
  Checkbox,
  Chip,
  FormControlLabel,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { formatDateTime, formatDateTimeShort } from '@/lib/date-time';
import { listView } from '@/lib/list-declaration';
import { errorMessage } from '@/lib/error-message';
import { defineListQuery, useListQuery } from '@/lib/list-query';
import type { UrlFilterValues } from '@/lib/list-state';
import { truncateText } from '@/lib/format';
import { ListPagination } from '@/components/data-table/list-pagination';
import { TimeZoneNote } from '@/components/filtered-list';
import { useSupportChoices, userContacts } from '../api/support';
import { ContactDetailDialog } from './contact-detail-dialog';

/** Time since an instant, in the largest whole unit: "3 d", "5 h", "12 min". */
export function ageText(since: string, t: TFunction, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  if (minutes < 60) return t('support.age.minutes', { count: minutes });
  if (minutes < 24 * 60) return t('support.age.hours', { count: Math.floor(minutes / 60) });
  return t('support.age.days', { count: Math.floor(minutes / (24 * 60)) });
}

/** A status in the admin's language; a status the catalogue does not know shows its name. */
export function statusName(status: string, t: TFunction): string {
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
export function statusColor(status: string): 'error' | 'primary' | 'default' {
  return isOneOf(CONTACT_STATUSES, status) ? STATUS_COLOR[status] : 'default';
}

// "Oldest first, open on top": the server's openFirst order (backlog, wip, closed, each oldest
// first); without it, newest first.
const OPEN_FIRST = { target: 'openFirst', orderBy: 'ASC' } as const;
const NEWEST_FIRST = { target: 'contactedAt', orderBy: 'DESC' } as const;

/** A status tab from the URL, if it is one of the server's statuses (else all: no filter). */
const statusOf = (value: string | undefined, statuses: readonly string[]) =>
  value !== undefined && statuses.includes(value) ? value : undefined;

/**
 * The inquiries' URL, sorts and variables from their declaration (CONTACTS_SHAPE); links keep
 * their keys (business days `dateFrom`/`dateUntil`, the status tab `status`, `unassigned=1`).
 */
const VIEW = listView(CONTACTS_SHAPE, {
  keys: { datetimeFrom: 'dateFrom', datetimeUntil: 'dateUntil', userContactStatus: 'status' },
  defaultSort: OPEN_FIRST,
});
type FILTERS = typeof VIEW.url.filters;

/** The inquiries (`context`: the server's statuses, and whether they have loaded). */
const CONTACTS = defineListQuery({
  url: VIEW.url,
  query: {
    ...userContacts,
    variables: (
      search,
      pagination,
      { statuses }: { statuses: readonly string[]; statusesLoaded: boolean },
    ) => {
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
});

type Draft = {
  userName: string;
  assigneeUserName: string;
  dateFrom: string;
  dateUntil: string;
  unassigned: boolean;
};

function draftOf(filters: UrlFilterValues<FILTERS>): Draft {
  return {
    userName: filters.userName,
    assigneeUserName: filters.assigneeUserName,
    dateFrom: filters.dateFrom,
    dateUntil: filters.dateUntil,
    unassigned: filters.unassigned === '1',
  };
}

/** /common/support: inquiries with filters, status tabs and ages, all in the URL; the detail in a dialog. */
export function SupportPage() {
  const { t } = useTranslation();
  const choices = useSupportChoices();
  // The tabs are the server's statuses; a status in the URL that is not one is no filter.
  const statuses = (choices.data?.userContactStatuses ?? []).map((s) => s.name);
  const { list, query: contacts } = useListQuery(CONTACTS, {
    statuses,
    statusesLoaded: choices.isSuccess,
  });
  const { filters } = list;
  // The form keeps edits local until Search, and re-reads the URL on Back/Forward or a link.
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const urlFilters = JSON.stringify(draftOf(filters));
  const [shown, setShown] = useState(urlFilters);
  if (shown !== urlFilters) {
    // React's "adjust state when a prop changes" pattern: during render, not in an effect.
    setShown(urlFilters);
    setDraft(draftOf(filters));
  }
  const [openId, setOpenId] = useState<string | null>(null);

  const status = statusOf(filters.status, statuses) ?? 'all';
  const admins = choices.data?.adminUserNames ?? [];
  const sort = list.sort ?? OPEN_FIRST;
  const openFirst = sort.target === OPEN_FIRST.target && sort.orderBy === 'ASC';
  const counts = new Map(contacts.data?.statusCounts.map((c) => [c.status, c.count]));
  const total = [...counts.values()].reduce((a, b) => a + b, 0);

  const search = (event: FormEvent) => {
    event.preventDefault();
    list.setFilters({
      userName: draft.userName,
      assigneeUserName: draft.unassigned ? '' : draft.assigneeUserName,
      dateFrom: draft.dateFrom,
      dateUntil: draft.dateUntil,
      unassigned: draft.unassigned ? '1' : '',
    });
  };

  return (
    <Card variant="outlined">
      <Box component="form" onSubmit={search} sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap flexWrap="wrap">
          <TextField
            size="small"
            label={t('support.filters.userName')}
            value={draft.userName}
            onChange={(e) => setDraft({ ...draft, userName: e.target.value })}
          />
          <Autocomplete
            size="small"
            options={admins.map((a) => a.userName)}
            value={draft.assigneeUserName || null}
            disabled={draft.unassigned}
            onChange={(_e, value) => setDraft({ ...draft, assigneeUserName: value ?? '' })}
            noOptionsText={t('support.filters.noAdminMatches')}
            sx={{ minWidth: 220 }}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('support.filters.assigneeUserName')}
                placeholder={draft.unassigned ? undefined : t('support.filters.assigneeAny')}
              />
            )}
          />
          <TextField
            size="small"
            type="date"
            label={t('support.filters.dateFrom')}
            value={draft.dateFrom}
            slotProps={{ inputLabel: { shrink: true } }}
            onChange={(e) => setDraft({ ...draft, dateFrom: e.target.value })}
          />
          <TextField
            size="small"
            type="date"
            label={t('support.filters.dateUntil')}
            value={draft.dateUntil}
            slotProps={{ inputLabel: { shrink: true } }}
            onChange={(e) => setDraft({ ...draft, dateUntil: e.target.value })}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.unassigned}
                onChange={(e) => setDraft({ ...draft, unassigned: e.target.checked })}
              />
            }
            label={t('support.filters.unassigned')}
          />
          <Button type="submit" variant="contained">
            {t('support.filters.search')}
          </Button>
        </Stack>
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ px: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Tabs
          value={status}
          onChange={(_e, value: string) =>
            list.setFilters({ status: value === 'all' ? '' : value })
          }
          variant="scrollable"
        >
          <Tab value="all" label={`${t('support.all')} (${total})`} />
          {statuses.map((s) => (
            <Tab key={s} value={s} label={`${statusName(s, t)} (${counts.get(s) ?? 0})`} />
          ))}
        </Tabs>
        <FormControlLabel
          control={
            <Checkbox
              checked={openFirst}
              onChange={(e) => list.setSort(e.target.checked ? OPEN_FIRST : NEWEST_FIRST)}
            />
          }
          label={t('support.filters.oldestFirst')}
        />
      </Stack>
      {contacts.error && (
        <Typography color="error" role="alert" sx={{ px: 2 }}>
          {errorMessage(contacts.error, t)}
        </Typography>
      )}
      <TableContainer tabIndex={0}>
        <Table size="small" aria-label={t('support.listLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('support.columns.id')}</TableCell>
              <TableCell>{t('support.columns.userName')}</TableCell>
              <TableCell>{t('support.columns.title')}</TableCell>
              <TableCell>{t('support.columns.status')}</TableCell>
              <TableCell>{t('support.columns.assignee')}</TableCell>
              <TableCell>{t('support.columns.contactedAt')}</TableCell>
              <TableCell>{t('support.columns.age')}</TableCell>
              <TableCell>{t('support.columns.statusAge')}</TableCell>
              <TableCell align="right">{t('support.columns.files')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {contacts.data?.list.map((c) => (
              <TableRow
                key={c.id}
                hover
                sx={{ cursor: 'pointer' }}
                onClick={() => setOpenId(c.id)}
                data-testid={`contact-row-${c.id}`}
              >
                <TableCell>{c.id}</TableCell>
                <TableCell>{c.userName}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    // A subject is text that wraps in its cell, not a button label kept on one line.
                    sx={{
                      textTransform: 'none',
                      p: 0,
                      minWidth: 0,
                      textAlign: 'left',
                      whiteSpace: 'normal',
                    }}
                    onClick={(e) => {
                      e.stopPropagation();
                      setOpenId(c.id);
                    }}
                  >
                    {truncateText(c.title)}
                  </Button>
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={statusColor(c.status)}
                    label={statusName(c.status, t)}
                  />
                </TableCell>
                {/* One line: 未割り当て broke inside the word. */}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {c.assignee?.userName ?? t('support.unassignedLabel')}
                </TableCell>
                {/* The list's short form, whole on hover, the zone in the note under the list
                    (with seconds and zone the table was 1,062 px in 1,060 in Japanese). */}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <span title={formatDateTime(c.contactedAt)}>
                    {formatDateTimeShort(c.contactedAt)}
                  </span>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{ageText(c.contactedAt, t)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{ageText(c.statusChangedAt, t)}</TableCell>
                <TableCell align="right">{c.files.length || ''}</TableCell>
              </TableRow>
            ))}
            {contacts.data && contacts.data.list.length === 0 && (
              <TableRow>
                <TableCell colSpan={9}>{t('support.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination
        count={contacts.data?.pagination.totalRecords ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
      />
      <Box sx={{ px: 2, pb: 1 }}>
        <TimeZoneNote />
      </Box>
      <ContactDetailDialog id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
