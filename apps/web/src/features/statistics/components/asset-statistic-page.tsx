import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { SelectField } from '@/components/select-field';
import { STATISTICS_MAX_DAYS } from '@app/shared';
import { AmountText } from '@/components/amount-text';
import { DateRangeFields, isReversedRange } from '@/components/date-input';
import { pinnedSx } from '@/components/data-table/scroll-table';
import { amountDisplay, type AmountUnit } from '@/lib/amount';
import { businessDayOf, businessTimeZone } from '@/lib/date-time';
import { errorMessage } from '@/lib/error-message';
import { useAssetStats } from '../api/asset-stats';
import { assetStatsCsvLink } from '../api/asset-stats-csv';
import { ExportButton } from '@/components/export-button';
import '@/i18n/lists';

const Chart = lazy(() => import('@/components/charts/chart').then((m) => ({ default: m.Chart })));

const FIELDS = [
  'initialETHAmount',
  'initialHECAmount',
  'ETHAffiliateReward',
  'HECAffiliateReward',
  // The bonus part of HECAffiliateReward: the dashboard's ExBonus figure opens this page.
  'HECReferralBonus',
  'ETHSavingReward',
  'HECSavingReward',
  'ETHProportionalReward',
  'HECProportionalReward',
  'totalBuyAmountUsd',
] as const;
type Field = (typeof FIELDS)[number];

const UNIT: Record<Field, AmountUnit> = {
  initialETHAmount: 'ETH',
  initialHECAmount: 'HEC',
  ETHAffiliateReward: 'ETH',
  HECAffiliateReward: 'HEC',
  HECReferralBonus: 'HEC',
  ETHSavingReward: 'ETH',
  HECSavingReward: 'HEC',
  ETHProportionalReward: 'ETH',
  HECProportionalReward: 'HEC',
  totalBuyAmountUsd: 'USD',
};

/**
 * A day's or the sums' amount of a column: compact, exact on hover, focus and copy, aligned on
 * the decimal point; every column's header names its unit.
 */
const format = (field: Field, value: string) => (
  <AmountText value={value} unit={UNIT[field]} showUnit={false} aligned />
);

// The sums stay at the bottom edge while the days scroll (issue 35: they showed only after
// scrolling inside the table).
const sumsSx = {
  position: 'sticky',
  bottom: 0,
  zIndex: 2,
  bgcolor: 'background.paper',
  boxShadow: (theme: { palette: { divider: string } }) => `inset 0 1px 0 ${theme.palette.divider}`,
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /common/asset_statistic: assetStats of a date range (URL params from, until; the last 30
 * UTC days by default), as a table with the sums and as a chart of one chosen column.
 */
export function AssetStatisticPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [today] = useState(() => Date.now());
  const from = DATE.test(params.get('from') ?? '') ? params.get('from')! : businessDayOf(today, 29);
  const until = DATE.test(params.get('until') ?? '') ? params.get('until')! : businessDayOf(today);
  const [draft, setDraft] = useState({ from, until });
  const reversed = isReversedRange(draft.from, draft.until);
  // Back and Forward change the URL's range: the fields follow it (React's "adjust state
  // while rendering" pattern, no effect).
  const [shown, setShown] = useState(`${from}|${until}`);
  if (shown !== `${from}|${until}`) {
    setShown(`${from}|${until}`);
    setDraft({ from, until });
  }
  const [chartField, setChartField] = useState<Field>('totalBuyAmountUsd');
  const query = useAssetStats({ dateFrom: from, dateUntil: until });
  const data = query.data;
  const chart = useMemo(
    () =>
      data && {
        labels: data.stats.map((r) => r.date),
        values: data.stats.map((r) => r[chartField]),
      },
    [data, chartField],
  );
  const fieldLabel = (f: Field) => t(`assetStats.fields.${f}`);

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' } }}
          onSubmit={(e) => {
            e.preventDefault();
            if (reversed) return;
            setParams((current) => {
              const next = new URLSearchParams(current);
              next.set('from', draft.from);
              next.set('until', draft.until);
              return next;
            });
          }}
        >
          <DateRangeFields
            labels={[t('assetStats.from'), t('assetStats.until')]}
            value={draft}
            onChange={setDraft}
          />
          <Button type="submit" variant="contained" disabled={reversed}>
            {t('assetStats.show')}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          {/* The shown range (from/until of the URL), as the table below. */}
          <ExportButton getLink={() => assetStatsCsvLink(from, until)} />
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {t('assetStats.rangeNote', { max: STATISTICS_MAX_DAYS, zone: businessTimeZone() })}
        </Typography>
      </Paper>
      <Box sx={{ height: 4 }}>
        {query.isFetching && <LinearProgress aria-label={t('list.loading')} />}
      </Box>
      {query.error && <Alert severity="error">{errorMessage(query.error, t)}</Alert>}
      {data && chart && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <SelectField
            size="small"
            label={t('assetStats.chartOf')}
            value={chartField}
            options={FIELDS}
            optionLabel={fieldLabel}
            onValue={setChartField}
            sx={{ minWidth: 260, mb: 2 }}
          />
          <Suspense fallback={<Box sx={{ height: 220 }} />}>
            <Chart
              kind="line"
              height={220}
              labels={chart.labels}
              values={chart.values}
              formatValue={(v) =>
                amountDisplay(String(v), UNIT[chartField])?.exactText ?? String(v)
              }
              label={t('assetStats.chartLabel', { field: fieldLabel(chartField) })}
            />
          </Suspense>
        </Paper>
      )}
      {data && (
        // Twelve figures a day: a spreadsheet that scrolls inside its own box, the date pinned at
        // the left edge and the sums at the bottom, no taller than the window below the app bar,
        // so its sideways scrollbar is in sight whenever the table is (issue 35).
        <TableContainer
          component={Paper}
          variant="outlined"
          tabIndex={0}
          role="group"
          aria-label={t('assetStats.label')}
          sx={{ maxHeight: 'min(600px, calc(100dvh - 88px))' }}
        >
          <Table
            size="small"
            stickyHeader
            aria-label={t('assetStats.label')}
            // Exact amounts are long: cells keep one line and the table scrolls sideways.
            sx={{ '& th, & td': { whiteSpace: 'nowrap' } }}
          >
            <TableHead>
              <TableRow>
                <TableCell sx={{ ...pinnedSx, zIndex: 3 }}>{t('assetStats.date')}</TableCell>
                {FIELDS.map((f) => (
                  <TableCell key={f} align="right">
                    {fieldLabel(f)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.stats.map((row) => (
                <TableRow key={row.date} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap', ...pinnedSx }}>{row.date}</TableCell>
                  {FIELDS.map((f) => (
                    <TableCell key={f} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {format(f, row[f])}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow data-testid="asset-stats-sums">
                <TableCell
                  component="th"
                  scope="row"
                  sx={{ fontWeight: 'bold', ...pinnedSx, ...sumsSx, zIndex: 3 }}
                >
                  {t('assetStats.sums')}
                </TableCell>
                {FIELDS.map((f) => (
                  <TableCell
                    key={f}
                    align="right"
                    sx={{ fontWeight: 'bold', fontVariantNumeric: 'tabular-nums', ...sumsSx }}
                  >
                    {format(f, data.sums[f])}
                  </TableCell>
                ))}
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
