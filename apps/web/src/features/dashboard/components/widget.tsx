import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Card,
  CardContent,
  Link,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { ChartProps } from '@/components/charts/chart';

// uPlot and its styles load after the first paint, when a chart is first shown.
const Chart = lazy(() => import('@/components/charts/chart').then((m) => ({ default: m.Chart })));

/** One dashboard widget: a title and its figures. */
export function Widget({
  id,
  title,
  note,
  children,
}: {
  id: string;
  title: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={`widget-${id}`}>
      <CardContent>
        <Typography component="h2" variant="subtitle2" color="text.secondary">
          {title}
        </Typography>
        {note && (
          <Typography variant="caption" color="text.secondary" component="p" gutterBottom>
            {note}
          </Typography>
        )}
        <Stack spacing={1}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

/** A figure that opens the list it summarises. */
export function FigureLink({
  to,
  name,
  children,
  variant = 'h5',
}: {
  to: string;
  name: string;
  children: ReactNode;
  variant?: 'h5' | 'body1';
}) {
  const { t } = useTranslation();
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="hover"
      variant={variant}
      aria-label={`${t('dashboard.openList', { name })}: ${typeof children === 'string' ? children : ''}`}
      data-testid="figure"
      sx={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
    >
      {children}
    </Link>
  );
}

/** The change against the previous period, with its sign and percentage. */
export function Change({
  change,
  percent,
  format,
}: {
  change: string | number;
  percent: string | null | undefined;
  format: (value: string) => string;
}) {
  const { t } = useTranslation();
  const text = String(change);
  const negative = text.startsWith('-');
  const sign = negative ? '−' : /^0(\.0*)?$/.test(text) ? '±' : '+';
  const magnitude = negative ? text.slice(1) : text;
  const percentText =
    percent === null || percent === undefined
      ? ''
      : t('dashboard.changePercent', { sign, percent: percent.replace(/^-/, '') });
  return (
    <Typography
      variant="body2"
      sx={{ color: negative ? 'error.main' : sign === '+' ? 'success.main' : 'text.secondary' }}
      data-testid="change"
    >
      {t('dashboard.change', { sign, change: format(magnitude) })}
      {percentText}
    </Typography>
  );
}

/** A chart of the figures, with a table view of the very same numbers (accessible, exact). */
export function ChartOrTable({
  chart,
  rows,
  labelHeader,
  valueHeader,
}: {
  chart: ChartProps;
  rows: Array<{ label: string; value: string }>;
  labelHeader: string;
  valueHeader: string;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Stack spacing={1}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        aria-label={`${chart.label}: ${t('dashboard.viewAs')}`}
        onChange={(_, next: 'chart' | 'table' | null) => next && setView(next)}
        sx={{ alignSelf: 'flex-end' }}
      >
        <ToggleButton value="chart">{t('dashboard.chart')}</ToggleButton>
        <ToggleButton value="table">{t('dashboard.table')}</ToggleButton>
      </ToggleButtonGroup>
      {view === 'chart' ? (
        <Suspense fallback={<Skeleton variant="rectangular" height={chart.height ?? 180} />}>
          <Chart {...chart} />
        </Suspense>
      ) : (
        <Table size="small" aria-label={chart.label} sx={{ maxHeight: 260 }}>
          <TableHead>
            <TableRow>
              <TableCell>{labelHeader}</TableCell>
              <TableCell align="right">{valueHeader}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.label}>
                <TableCell>{r.label}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {r.value}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
