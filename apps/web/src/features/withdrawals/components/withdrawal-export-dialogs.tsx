import '@/i18n/screens';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Box,
  CircularProgress,
  DialogContentText,
  List,
  ListItem,
  ListItemText,
  Stack,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { SimpleTable } from '@/components/data-table/simple-table';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { WithdrawalKind } from '@app/shared';
import type { WithdrawalSearchParams } from '@/gql/graphql';
import { AmountText } from '@/components/amount-text';
import { formatNumber } from '@/lib/format';
import { formatDateTime } from '@/lib/date-time';
import { notifySuccess } from '@/lib/feedback';
import { newClientKey, useSigningExport, useSigningExportPreview } from '../api/withdrawal-files';

type Layout = 'v1' | 'v2';

/** The filters of the screen the export applies, as the operator reads them. */
function useFilterLines(searchParams: WithdrawalSearchParams): string[] {
  const { t } = useTranslation();
  const lines: string[] = [];
  const add = (label: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') lines.push(`${label}: ${value}`);
  };
  add(t('fields.status'), searchParams.status ? t(`withdrawalStatus.${searchParams.status}`) : '');
  add(t('withdrawals.userIdFilter'), searchParams.userId);
  add(t('fields.userName'), searchParams.userName);
  add(t('fields.email'), searchParams.email);
  add(t('fields.address'), searchParams.address);
  add(t('fields.transactionHash'), searchParams.transactionHash);
  add(t('withdrawals.requestedFrom'), formatDateTime(searchParams.requestedAtFrom));
  add(t('withdrawals.requestedUntil'), formatDateTime(searchParams.requestedAtUntil));
  add(t('withdrawals.amountFrom'), searchParams.amountFrom);
  add(t('withdrawals.amountTo'), searchParams.amountTo);
  if (searchParams.awaitingOver24h) lines.push(t('withdrawals.awaitingFilter'));
  return lines;
}

/** Per coin: the transfers and their total, every digit (the operator confirms on it). */
function CoinTotals({
  totals,
}: {
  totals: ReadonlyArray<{ coin: string; transfers: number; amount: string }>;
}) {
  const { t } = useTranslation();
  return (
    <SimpleTable
      aria-label={t('withdrawals.signingExport.totals')}
      headers={[
        t('withdrawals.signingExport.coin'),
        { label: t('withdrawals.signingExport.transfers'), align: 'right' },
        { label: t('withdrawals.signingExport.total'), align: 'right' },
      ]}
    >
      {totals.map((x) => (
        <TableRow key={x.coin} data-testid={`export-total-${x.coin}`}>
          <TableCell>{x.coin}</TableCell>
          <TableCell align="right">{formatNumber(x.transfers)}</TableCell>
          <TableCell align="right">
            <AmountText value={x.amount} unit={x.coin} exact />
          </TableCell>
        </TableRow>
      ))}
    </SimpleTable>
  );
}

/**
 * The confirmation of a signing export: exactly the approved requests of the screen's
 * filters, their count and total per coin from the server; the export sends that count and
 * a key of this confirmation, so a changed set is refused and a retry exports nothing twice.
 */
export function SigningExportDialog({
  kind,
  layout,
  searchParams,
  onClose,
}: {
  kind: WithdrawalKind;
  layout: Layout;
  searchParams: WithdrawalSearchParams;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const preview = useSigningExportPreview({ kind, searchParams }, true);
  const exporter = useSigningExport();
  const [clientKey] = useState(newClientKey);
  const filters = useFilterLines(searchParams);
  const data = preview.data;
  const blocked = !data || data.count === 0 || data.underApprovedIds.length > 0;
  const title = layout === 'v1' ? t('withdrawals.exportV1') : t('withdrawals.exportV2');
  return (
    <ConfirmDialog
      onClose={onClose}
      title={title}
      width="sm"
      confirmLabel={t('withdrawals.signingExport.confirm', { count: data?.count ?? 0 })}
      confirmDisabled={blocked || exporter.isPending}
      onConfirm={() =>
        data &&
        exporter.mutate(
          // The set confirmed is the one shown: its fingerprint decides, the count is for people.
          {
            kind,
            layout,
            searchParams,
            expectedCount: data.count,
            fingerprint: data.fingerprint,
            clientKey,
          },
          {
            onSuccess: (answer) => {
              notifySuccess(
                t('withdrawals.signingExport.done', {
                  count: answer.batch.requestCount,
                  fileName: answer.fileName,
                }),
              );
              onClose();
            },
            // A refusal (the set changed) is shown by the global handler; the counts
            // are read again for the next attempt.
            onError: () => void preview.refetch(),
          },
        )
      }
    >
      <DialogContentText>{t('withdrawals.signingExport.scope')}</DialogContentText>
      <DialogContentText sx={{ mt: 1 }} data-testid="export-layout-help">
        {t(`withdrawals.exportHelp.${layout}`)}
      </DialogContentText>
      <Box sx={{ my: 1 }} data-testid="export-filters">
        <Typography variant="subtitle2">{t('withdrawals.signingExport.filters')}</Typography>
        {filters.length === 0 ? (
          <Typography variant="body2">{t('withdrawals.signingExport.noFilters')}</Typography>
        ) : (
          <List dense disablePadding>
            {filters.map((line) => (
              <ListItem key={line} disableGutters>
                <ListItemText primary={line} />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
      {searchParams.status && searchParams.status !== 'approved' && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('withdrawals.signingExport.otherStatus')}
        </Alert>
      )}
      {!data ? (
        <CircularProgress size={24} aria-label={t('withdrawals.signingExport.counting')} />
      ) : (
        <Stack spacing={1}>
          <Typography data-testid="export-count">
            {t('withdrawals.signingExport.count', { count: data.count })}
          </Typography>
          {data.count > 0 && <CoinTotals totals={data.totals} />}
          {data.underApprovedIds.length > 0 && (
            <Alert severity="error">
              {t('withdrawals.signingExport.underApproved', {
                ids: data.underApprovedIds.join(', '),
              })}
            </Alert>
          )}
        </Stack>
      )}
    </ConfirmDialog>
  );
}
