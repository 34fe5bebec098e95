import '@/i18n/screens';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { EXPORT_BATCHES_SHAPE, type WithdrawalKind } from '@app/shared';
import { AmountText } from '@/components/amount-text';
import { dateTimeColumn } from '@/components/data-table/columns';
import { DataTable, pagedQueryProps } from '@/components/data-table/data-table';
import { TimeZoneNote } from '@/components/filtered-list';
import { listTableProps } from '@/components/list-screen';
import type { WithdrawalSigningLayout } from '@/gql/graphql';
import { notifySuccess } from '@/lib/feedback';
import { formatNumber } from '@/lib/format';
import { listView } from '@/lib/list-declaration';
import { defineListScreen, useListQuery } from '@/lib/list-query';
import { exportBatches } from '../api/export-batches';
import { useBatchDownload } from '../api/withdrawal-files';

/** The kind whose batches these are, and how a batch's file is fetched again. */
type Context = {
  kind: WithdrawalKind;
  download: (batchId: string, layout: WithdrawalSigningLayout) => void;
  downloading: boolean;
};

/**
 * A kind's signing batches from EXPORT_BATCHES_SHAPE, newest first; the page and sort sit in
 * the URL under `batches.` while the dialog is open.
 */
const BATCHES = defineListScreen({
  view: listView(EXPORT_BATCHES_SHAPE, { prefix: 'batches.' }),
  query: {
    ...exportBatches,
    variables: (_search, pagination, { kind }: Context) => ({ kind, pagination }),
  },
  label: (t) => t('withdrawals.signingExport.batchesTitle'),
  storageKey: 'withdrawal-export-batches',
  fields: () => [],
  columns: (t, { download, downloading }) => [
    { id: 'id', label: t('withdrawals.signingExport.batch'), render: (b) => b.id, hideable: false },
    dateTimeColumn({
      id: 'createdAt',
      label: t('withdrawals.signingExport.createdAt'),
      value: (b) => b.createdAt,
      sortable: true,
    }),
    {
      id: 'adminUserName',
      label: t('withdrawals.signingExport.createdBy'),
      render: (b) => b.adminUserName,
    },
    {
      id: 'requestCount',
      label: t('withdrawals.signingExport.requests'),
      align: 'right',
      render: (b) => formatNumber(b.requestCount),
    },
    {
      id: 'totals',
      label: t('withdrawals.signingExport.total'),
      render: (b) =>
        b.totals.map((x) => (
          <div key={x.coin}>
            <AmountText value={x.amount} unit={x.coin} />
          </div>
        )),
    },
    {
      id: 'fileSha256',
      label: t('withdrawals.signingExport.hash'),
      render: (b) => (
        <Typography
          variant="caption"
          component="code"
          title={b.fileSha256}
          sx={{ fontFamily: 'monospace' }}
        >
          {b.fileSha256.slice(0, 12)}…
        </Typography>
      ),
    },
    {
      id: 'files',
      label: t('withdrawals.signingExport.download'),
      hideable: false,
      render: (b) => (
        <Stack direction="row" spacing={1}>
          {b.files.map((f) => (
            <Button
              key={f.layout}
              size="small"
              variant="outlined"
              disabled={downloading}
              title={f.fileName}
              aria-label={t('withdrawals.signingExport.downloadLayout', {
                id: b.id,
                layout: f.layout.toUpperCase(),
              })}
              onClick={() => download(b.id, f.layout)}
            >
              {f.layout.toUpperCase()}
            </Button>
          ))}
        </Stack>
      ),
    },
  ],
  getRowId: (b) => b.id,
  emptyText: (t) => t('withdrawals.signingExport.noBatches'),
});

/** A kind's signing batches (who, when, count, totals, hash), each downloadable again. */
export function ExportBatchesDialog({
  kind,
  onClose,
}: {
  kind: WithdrawalKind;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const downloader = useBatchDownload();
  const context: Context = {
    kind,
    downloading: downloader.isPending,
    download: (batchId, layout) =>
      downloader.mutate(
        { batchId, layout },
        {
          onSuccess: (answer) =>
            notifySuccess(t('withdrawals.signingExport.downloaded', { fileName: answer.fileName })),
        },
      ),
  };
  const { list, query } = useListQuery(BATCHES, context);
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>{t('withdrawals.signingExport.batchesTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          {t('withdrawals.signingExport.batchesHint')}
        </DialogContentText>
        <DataTable
          {...listTableProps(BATCHES, t, context)}
          {...pagedQueryProps(query)}
          list={list}
        />
        <TimeZoneNote />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('withdrawals.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
