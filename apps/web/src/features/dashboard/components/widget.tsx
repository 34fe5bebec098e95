import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, type SxProps, type Theme } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { ChartProps } from '@/components/charts/chart';

// This page is the first one loaded, within a 200 KiB gzip budget that the app shell nearly
// fills: its parts are plain Boxes and buttons rather than MUI's Card, Grid, Typography,
// Stack and Button (about 8 KiB together). The chart and the table view load after the first
// paint, in their own small chunks.
const Chart = lazy(() => import('@/components/charts/chart').then((m) => ({ default: m.Chart })));
const FiguresTable = lazy(() =>
  import('./figures-table').then((m) => ({ default: m.FiguresTable })),
);

/** A small button with the look of MUI's outlined/contained small button. */
export function PlainButton({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Box
      component="button"
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      sx={{
        font: 'inherit',
        typography: 'button',
        fontSize: 13,
        px: 1.25,
        py: 0.5,
        borderRadius: 1,
        cursor: 'pointer',
        border: 1,
        borderColor: 'primary.main',
        bgcolor: pressed ? 'primary.main' : 'transparent',
        color: pressed ? 'primary.contrastText' : 'primary.main',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
    </Box>
  );
}

export const row: SxProps<Theme> = { display: 'flex', flexWrap: 'wrap', gap: 1 };

/** One dashboard widget: a title and its figures. */
export function Widget({
  id,
  title,
  note,
  wide,
  children,
}: {
  id: string;
  title: string;
  note?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="section"
      aria-label={title}
      data-testid={`widget-${id}`}
      sx={{
        gridColumn: wide ? { md: 'span 3' } : { md: 'span 2' },
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        minWidth: 0,
      }}
    >
      <Box component="h2" sx={{ typography: 'subtitle2', color: 'text.secondary', m: 0 }}>
        {title}
      </Box>
      {note && <Box sx={{ typography: 'caption', color: 'text.secondary', mt: -1 }}>{note}</Box>}
      {children}
    </Box>
  );
}

/**
 * A figure that opens the list it summarises. `exact` is the figure in words for its name
 * (an amount's exact value with its unit); the figure itself may be a rounded AmountText.
 */
export function FigureLink({
  to,
  name,
  exact,
  children,
  small,
}: {
  to: string;
  name: string;
  exact: string;
  children: ReactNode;
  small?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component={RouterLink}
      to={to}
      aria-label={`${t('dashboard.openList', { name })}: ${exact}`}
      data-testid="figure"
      sx={{
        typography: small ? 'body1' : 'h5',
        display: 'block',
        color: 'primary.main',
        textDecoration: 'none',
        fontVariantNumeric: 'tabular-nums',
        overflowWrap: 'anywhere',
        '&:hover, &:focus-visible': { textDecoration: 'underline' },
      }}
    >
      {children}
    </Box>
  );
}

// Where the change goes in its sentence, so the sentence can hold an AmountText.
const SLOT = '\u2063';

/** The change against the previous period, with its sign and percentage. */
export function Change({
  change,
  percent,
  format,
}: {
  change: string | number;
  percent: string | null | undefined;
  format: (value: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const text = String(change);
  const negative = text.startsWith('-');
  const sign = negative ? '−' : /^0(\.0*)?$/.test(text) ? '±' : '+';
  const [before = '', after = ''] = t('dashboard.change', { sign, change: SLOT }).split(SLOT);
  return (
    <Box
      data-testid="change"
      sx={{
        typography: 'body2',
        color: negative ? 'error.main' : sign === '+' ? 'success.main' : 'text.secondary',
      }}
    >
      {before}
      {format(negative ? text.slice(1) : text)}
      {after}
      {percent === null || percent === undefined
        ? ''
        : t('dashboard.changePercent', { sign, percent: percent.replace(/^-/, '') })}
    </Box>
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
  rows: Array<{ label: string; value: ReactNode }>;
  labelHeader: string;
  valueHeader: string;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const height = chart.height ?? 180;
  return (
    <>
      <Box
        role="group"
        aria-label={`${chart.label}: ${t('dashboard.viewAs')}`}
        sx={{ ...row, alignSelf: 'flex-end' }}
      >
        {(['chart', 'table'] as const).map((v) => (
          <PlainButton key={v} pressed={view === v} onClick={() => setView(v)}>
            {t(`dashboard.${v}`)}
          </PlainButton>
        ))}
      </Box>
      <Suspense fallback={<Box sx={{ height }} />}>
        {view === 'chart' ? (
          <Chart {...chart} />
        ) : (
          <Box sx={{ maxHeight: 320, overflow: 'auto' }} tabIndex={0}>
            <FiguresTable
              label={chart.label}
              rows={rows}
              labelHeader={labelHeader}
              valueHeader={valueHeader}
            />
          </Box>
        )}
      </Suspense>
    </>
  );
}
