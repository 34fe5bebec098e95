import '@/i18n/screens';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Box,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { AUDIT_OPERATIONS, DEFAULT_PAGE_SIZE } from '@app/shared';
import { ListPagination } from '@/components/data-table/list-pagination';
import { TruncatedText } from '@/components/truncated-text';
import { dayEndIso, dayStartIso, formatDateTime } from '@/lib/date-time';
import { errorMessage } from '@/lib/error-message';
import { useAdminUsers } from '../api/admin-users';
import { useAuditLogs } from '../api/audit-logs';
import { auditLogsCsvLink } from '../api/audit-logs-csv';
import { ExportBar, ExportButton } from '@/components/export-button';
import { auditSummaryText } from './audit-summary';

// Spec section 4: date filters are sent as the start and the end of the chosen days, days of
// the business time zone (issue 26, "One clock"; docs/domain.md "Business days").
const startOfDay = (date: string) => (date ? dayStartIso(date) : undefined);
const endOfDay = (date: string) => (date ? dayEndIso(date) : undefined);

/**
 * The audit trail for super admins: filter by admin, operation (one of the registered audit
 * events, in both languages), target and dates; paged in SQL.
 */
export function AuditLogView() {
  const { t } = useTranslation();
  const admins = useAdminUsers();
  const [adminUserId, setAdminUserId] = useState('');
  const [operation, setOperation] = useState('');
  const [targetId, setTargetId] = useState('');
  const [dateFrom, setDateFrom] = useState('');
  const [dateUntil, setDateUntil] = useState('');
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);

  const auditFilter = {
    adminUserId: adminUserId ? Number(adminUserId) : undefined,
    operation: operation || undefined,
    targetId: targetId.trim() || undefined,
    dateFrom: startOfDay(dateFrom),
    dateUntil: endOfDay(dateUntil),
  };
  const logs = useAuditLogs({ ...auditFilter, pagination: { limit, offset: page * limit } });
  const filter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(0);
  };

  return (
    <Stack spacing={2}>
      <ExportBar>
        <ExportButton getLink={() => auditLogsCsvLink(auditFilter)} />
      </ExportBar>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(5, 1fr)' } }}
      >
        <TextField
          select
          label={t('audit.admin')}
          value={adminUserId}
          onChange={(e) => filter(setAdminUserId)(e.target.value)}
          size="small"
        >
          <MenuItem value="">{t('audit.all')}</MenuItem>
          {(admins.data ?? []).map((a) => (
            <MenuItem key={a.id} value={String(a.id)}>
              {a.userName}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('audit.operation')}
          value={operation}
          onChange={(e) => filter(setOperation)(e.target.value)}
          size="small"
        >
          <MenuItem value="">{t('audit.all')}</MenuItem>
          {AUDIT_OPERATIONS.map((name) => (
            <MenuItem key={name} value={name}>
              {t(`audit.operations.${name}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('audit.targetId')}
          value={targetId}
          onChange={(e) => filter(setTargetId)(e.target.value)}
          size="small"
        />
        <TextField
          label={t('audit.dateFrom')}
          type="date"
          value={dateFrom}
          onChange={(e) => filter(setDateFrom)(e.target.value)}
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label={t('audit.dateUntil')}
          type="date"
          value={dateUntil}
          onChange={(e) => filter(setDateUntil)(e.target.value)}
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      {logs.error && (
        <Typography color="error" role="alert">
          {errorMessage(logs.error, t)}
        </Typography>
      )}
      <TableContainer>
        <Table size="small" aria-label={t('audit.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('audit.id')}</TableCell>
              <TableCell>{t('audit.occurredAt')}</TableCell>
              <TableCell>{t('audit.admin')}</TableCell>
              <TableCell>{t('audit.operation')}</TableCell>
              <TableCell>{t('audit.target')}</TableCell>
              <TableCell>{t('audit.summary')}</TableCell>
              <TableCell>{t('audit.ip')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(logs.data?.list ?? []).map((row) => (
              <TableRow key={row.id} data-testid="audit-row">
                <TableCell>{row.id}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(row.occurredAt)}
                </TableCell>
                <TableCell>{row.adminUserName ?? '—'}</TableCell>
                <TableCell>
                  {t(`audit.operations.${row.operation}`, { defaultValue: row.operation })}
                </TableCell>
                <TableCell>
                  {row.targetType
                    ? `${t(`audit.targets.${row.targetType}`, { defaultValue: row.targetType })} ${row.targetIds.join(', ')}`
                    : row.targetIds.join(', ')}
                </TableCell>
                <TableCell>
                  <TruncatedText text={auditSummaryText(row.summary, t)} max={80} />
                </TableCell>
                <TableCell title={row.requestId ?? undefined}>{row.ip ?? '—'}</TableCell>
              </TableRow>
            ))}
            {logs.data && logs.data.list.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>{t('audit.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination
        count={logs.data?.pagination.totalRecords ?? 0}
        page={page + 1}
        pageSize={limit}
        onPageChange={(next) => setPage(next - 1)}
        onPageSizeChange={(size) => {
          setLimit(size);
          setPage(0);
        }}
      />
    </Stack>
  );
}
