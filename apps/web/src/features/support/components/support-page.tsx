import '@/i18n/screens';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
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
  TablePagination,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import type { UserContactsQueryVariables } from '@/gql/graphql';
import { dayEndIso, dayStartIso, formatDateTime } from '@/lib/date-time';
import { errorMessage } from '@/lib/error-message';
import { truncateText } from '@/lib/format';
import { useUserContacts } from '../api/support';
import { ContactDetailDialog } from './contact-detail-dialog';

const STATUSES = ['backlog', 'wip', 'closed'] as const;

/** Time since an instant, in the largest whole unit: "3 d", "5 h", "12 min". */
export function ageText(since: string, t: TFunction, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  if (minutes < 60) return t('support.age.minutes', { count: minutes });
  if (minutes < 24 * 60) return t('support.age.hours', { count: Math.floor(minutes / 60) });
  return t('support.age.days', { count: Math.floor(minutes / (24 * 60)) });
}

// Outlined chips in the palette colours that keep AA contrast on white and dark paper
// (filled warning and info chips do not).
export function statusColor(status: string): 'error' | 'primary' | 'default' {
  if (status === 'backlog') return 'error';
  if (status === 'wip') return 'primary';
  return 'default';
}

type Filters = {
  userName: string;
  assigneeUserName: string;
  dateFrom: string;
  dateUntil: string;
  unassigned: boolean;
};
const EMPTY: Filters = {
  userName: '',
  assigneeUserName: '',
  dateFrom: '',
  dateUntil: '',
  unassigned: false,
};

/** /common/support: inquiries with filters, status tabs and ages; the detail in a dialog. */
export function SupportPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [status, setStatus] = useState<string>('all');
  const [oldestFirst, setOldestFirst] = useState(true);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(20);
  const [openId, setOpenId] = useState<string | null>(null);

  const variables: UserContactsQueryVariables = {
    userName: filters.userName || null,
    assigneeUserName: filters.unassigned ? null : filters.assigneeUserName || null,
    datetimeFrom: dayStartIso(filters.dateFrom) ?? null,
    datetimeUntil: dayEndIso(filters.dateUntil) ?? null,
    unassigned: filters.unassigned || null,
    userContactStatus: status === 'all' ? null : status,
    pagination: {
      limit: size,
      offset: page * size,
      sort: { target: 'contactedAt', orderBy: oldestFirst ? 'ASC' : 'DESC' },
    },
  };
  const contacts = useUserContacts(variables);
  const counts = new Map(contacts.data?.statusCounts.map((c) => [c.status, c.count]));
  const total = [...counts.values()].reduce((a, b) => a + b, 0);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(0);
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
          <TextField
            size="small"
            label={t('support.filters.assigneeUserName')}
            value={draft.assigneeUserName}
            disabled={draft.unassigned}
            onChange={(e) => setDraft({ ...draft, assigneeUserName: e.target.value })}
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
          onChange={(_e, value: string) => {
            setStatus(value);
            setPage(0);
          }}
          variant="scrollable"
        >
          <Tab value="all" label={`${t('support.all')} (${total})`} />
          {STATUSES.map((s) => (
            <Tab key={s} value={s} label={`${t(`support.status.${s}`)} (${counts.get(s) ?? 0})`} />
          ))}
        </Tabs>
        <FormControlLabel
          control={
            <Checkbox checked={oldestFirst} onChange={(e) => setOldestFirst(e.target.checked)} />
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
                    sx={{ textTransform: 'none', p: 0, minWidth: 0, textAlign: 'left' }}
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
                    label={t(`support.status.${c.status as (typeof STATUSES)[number]}`)}
                  />
                </TableCell>
                <TableCell>{c.assignee?.userName ?? t('support.unassignedLabel')}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.contactedAt)}</TableCell>
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
      <TablePagination
        component="div"
        count={contacts.data?.pagination.totalRecords ?? 0}
        page={page}
        rowsPerPage={size}
        rowsPerPageOptions={[20, 50, 100]}
        onPageChange={(_e, next) => setPage(next)}
        onRowsPerPageChange={(e) => {
          setSize(Number(e.target.value));
          setPage(0);
        }}
      />
      <ContactDetailDialog id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
