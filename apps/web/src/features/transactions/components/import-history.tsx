import { useTranslation } from 'react-i18next';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { SectionCard } from '@/components/section-card';
import { formatDateTime } from '@/lib/date-time';
import { useCsvImports } from '../api/queries';

/** The last applied payment and rate files: who, when, file name, hash, counts. */
export function ImportHistory() {
  const { t } = useTranslation();
  const imports = useCsvImports();
  const rows = imports.data?.list ?? [];
  return (
    <SectionCard
      title={t('transactions.history.title')}
      loading={imports.isLoading}
      error={imports.error}
      id="import-history"
    >
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('transactions.history.empty')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('transactions.history.title')}>
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>{t('transactions.history.kind')}</TableCell>
                <TableCell>{t('transactions.history.file')}</TableCell>
                <TableCell align="right">{t('transactions.history.rows')}</TableCell>
                <TableCell align="right">{t('transactions.history.applied')}</TableCell>
                <TableCell>{t('transactions.history.by')}</TableCell>
                <TableCell>{t('transactions.history.at')}</TableCell>
                <TableCell>SHA-256</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{r.id}</TableCell>
                  <TableCell>{t(`transactions.history.kinds.${r.kind}`, r.kind)}</TableCell>
                  <TableCell>{r.fileName}</TableCell>
                  <TableCell align="right">{r.rowCount}</TableCell>
                  <TableCell align="right">{r.appliedCount}</TableCell>
                  <TableCell>{r.adminUserName ?? ''}</TableCell>
                  <TableCell>{formatDateTime(r.importedAt)}</TableCell>
                  <TableCell title={r.contentHash}>{r.contentHash.slice(0, 12)}…</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </SectionCard>
  );
}
