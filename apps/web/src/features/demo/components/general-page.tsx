import '@/i18n/screens';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  TableCell,
  TableContainer,
  TableRow,
  Typography,
} from '@mui/material';
import { SimpleTable } from '@/components/data-table/simple-table';
import { TruncatedText } from '@/components/truncated-text';
import { notifySuccess } from '@/lib/feedback';
import { formatNumber } from '@/lib/format';
import { DemoIntro } from './demo-intro';
import { scrollTableSx } from '@/components/data-table/scroll-table';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography component="h2" variant="h6" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** /general: buttons, chips, alerts, a table with truncated cells and number formatting. */
export function GeneralPage() {
  const { t } = useTranslation();
  return (
    <>
      <DemoIntro />
      <Stack spacing={2}>
        {/* Side by side on a laptop, and the alerts two by two, so the table example starts
            above the fold at 1366×768 like every list (it was at y=886). */}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <Section title={t('demo.general.buttons')}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="contained">{t('demo.general.contained')}</Button>
              <Button variant="outlined">{t('demo.general.outlined')}</Button>
              <Button>{t('demo.general.text')}</Button>
              <Button
                variant="contained"
                color="success"
                onClick={() => notifySuccess(t('demo.general.snackbarMessage'))}
              >
                {t('demo.general.snackbar')}
              </Button>
            </Stack>
          </Section>
          <Section title={t('demo.general.chips')}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Chip label={t('demo.general.backlog')} />
              <Chip label={t('demo.general.wip')} color="primary" />
              <Chip label={t('demo.general.closed')} color="success" variant="outlined" />
            </Stack>
          </Section>
        </Box>
        <Section title={t('demo.general.alerts')}>
          <Box
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <Alert severity="info">{t('demo.general.info')}</Alert>
            <Alert severity="success">{t('demo.general.success')}</Alert>
            <Alert severity="warning">{t('demo.general.warning')}</Alert>
            <Alert severity="error">{t('demo.general.error')}</Alert>
          </Box>
        </Section>
        <Section title={t('demo.general.table')}>
          <TableContainer sx={scrollTableSx} tabIndex={0}>
            <SimpleTable
              aria-label={t('demo.general.table')}
              headers={[t('demo.general.column'), t('demo.general.value')]}
            >
              <TableRow>
                <TableCell>{t('demo.general.longText')}</TableCell>
                <TableCell>
                  <TruncatedText text={t('demo.general.longValue')} />
                </TableCell>
              </TableRow>
              <TableRow>
                <TableCell>{t('demo.general.number')}</TableCell>
                {/* A formatting example (1234567.891 → 1,234,567.891), not business data. */}
                <TableCell>{formatNumber('1234567.891')}</TableCell>
              </TableRow>
            </SimpleTable>
          </TableContainer>
        </Section>
      </Stack>
    </>
  );
}
