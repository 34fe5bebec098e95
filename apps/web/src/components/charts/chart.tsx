import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Box } from '@mui/material';
import { tipSx } from '@/components/amount-text';

export type ChartProps = {
  /** 'line' for a series over days, 'bars' for counts per day or per category. */
  kind: 'line' | 'bars';
  /** One label per point (a date, a card status, a range), shown on the x axis. */
  labels: string[];
  /**
   * One value per point as the API sent it (a decimal string or a count). Only the drawing
   * turns them into floating point; every text (tooltips, the table view) shows the value as
   * given, so an amount is never shown rounded.
   */
  values: Array<string | number>;
  /**
   * How a value is written in the tooltip of its point, with its unit: the exact amount
   * ('35,663.237814475643537816 HEC', amountDisplay's exactText) or a count ('12 users').
   */
  formatValue: (value: string | number) => string;
  /** What the chart shows, for screen readers; the table view gives the numbers. */
  label: string;
  height?: number;
};

const PAD = { top: 8, right: 8, bottom: 28, left: 52 };

/**
 * A small themed SVG chart, no library: the dashboard's whole JavaScript budget left room for
 * about 8 KiB, and the smallest measured library (uPlot) takes 23 KiB gzip
 * (docs/decisions/0001-charts.md). Colours come from the MUI theme, so dark mode follows.
 * The point under the pointer, or the focused one (the chart is a tab stop; the arrow keys,
 * Home and End move between points), shows its label (the date) and value in a tooltip that
 * is also a live region, so a screen reader reads what a sighted user sees.
 */
export function Chart({ kind, labels, values, formatValue, label, height = 180 }: ChartProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const tipId = useId();
  const [width, setWidth] = useState(0);
  const [active, setActive] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    setWidth(element.clientWidth);
    return () => observer.disconnect();
  }, []);
  const numbers = values.map((v) => Number(v));
  // Counts get at least 0..4, so the four grid steps stay whole numbers.
  const top = niceMax(Math.max(0, ...numbers));
  const max = numbers.every(Number.isInteger) ? Math.max(4, top) : top;
  const plotW = Math.max(0, width - PAD.left - PAD.right);
  const plotH = height - PAD.top - PAD.bottom;
  const n = labels.length;
  const band = n > 0 ? plotW / n : 0;
  const x = (i: number) => PAD.left + band * i + band / 2;
  const y = (v: number) => PAD.top + plotH - (max > 0 ? (v / max) * plotH : 0);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
  // Dates: evenly spaced labels ~72 px apart, so they do not overlap at phone width.
  // Categories: every label, cut to its bar's width.
  const dates = labels.every((l) => DAY.test(l));
  const every = dates ? Math.max(1, Math.ceil(n / Math.max(1, Math.floor(plotW / 72)))) : 1;
  const chars = Math.max(3, Math.floor(band / 6.5));
  const shown = active !== null && active < n ? active : null;
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (n === 0 || band <= 0) return;
    const left = event.currentTarget.getBoundingClientRect().left;
    const index = Math.floor((event.clientX - left - PAD.left) / band);
    setActive(Math.min(n - 1, Math.max(0, index)));
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (n === 0) return;
    const current = shown ?? n - 1;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowUp'
        ? Math.min(n - 1, current + 1)
        : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
          ? Math.max(0, current - 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? n - 1
              : event.key === 'Escape'
                ? null
                : undefined;
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
  };
  const tipLeft = shown !== null && x(shown) < width / 2;
  return (
    <Box
      ref={ref}
      data-testid="chart"
      // Theme colours through sx (no useTheme here, which would split MUI's theme out of the
      // first-load chunk it shares with the page).
      sx={(theme) => ({
        position: 'relative',
        width: '100%',
        height,
        '& .grid': { stroke: theme.palette.divider },
        '& text': { fill: theme.palette.text.secondary, fontSize: 11 },
        '& .mark': { fill: theme.palette.primary.main, stroke: 'none' },
        '& .line': { stroke: theme.palette.primary.main, fill: 'none' },
        '& .guide': { stroke: theme.palette.text.secondary, strokeDasharray: '3 3' },
        '& svg:focus-visible': {
          outline: `2px solid ${theme.palette.primary.main}`,
          outlineOffset: 2,
        },
        '& .tip': { position: 'absolute', top: PAD.top, zIndex: 1, ...tipSx },
      })}
    >
      {width > 0 && (
        <svg
          width={width}
          height={height}
          role="img"
          aria-label={`${label}. ${t('charts.keys')}`}
          aria-describedby={shown !== null ? tipId : undefined}
          tabIndex={n > 0 ? 0 : undefined}
          onPointerMove={onPointerMove}
          onPointerLeave={() => !focused && setActive(null)}
          onFocus={() => {
            setFocused(true);
            setActive((a) => a ?? n - 1);
          }}
          onBlur={() => {
            setFocused(false);
            setActive(null);
          }}
          onKeyDown={onKeyDown}
        >
          <title>{label}</title>
          {ticks.map((v) => (
            <g key={v}>
              <line className="grid" x1={PAD.left} x2={width - PAD.right} y1={y(v)} y2={y(v)} />
              <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end">
                {compact(v)}
              </text>
            </g>
          ))}
          {labels.map((l, i) =>
            i % every === 0 ? (
              <text key={l} x={x(i)} y={height - 8} textAnchor="middle">
                {dates ? l.slice(5) : cut(l, chars)}
              </text>
            ) : null,
          )}
          {kind === 'line' && n > 0 && (
            <polyline
              className="line"
              strokeWidth={2}
              strokeLinejoin="round"
              points={numbers.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
            />
          )}
          {shown !== null && (
            <line className="guide" x1={x(shown)} x2={x(shown)} y1={PAD.top} y2={PAD.top + plotH} />
          )}
          {numbers.map((v, i) =>
            kind === 'bars' ? (
              <rect
                key={labels[i]}
                x={x(i) - band * 0.35}
                y={y(v)}
                width={band * 0.7}
                height={Math.max(0, PAD.top + plotH - y(v))}
                className="mark"
                fillOpacity={i === shown ? 1 : 0.75}
              />
            ) : (
              <circle
                key={labels[i]}
                cx={x(i)}
                cy={y(v)}
                r={i === shown ? 5 : n <= 31 ? 3 : 1.5}
                className="mark"
              />
            ),
          )}
        </svg>
      )}
      <Box
        id={tipId}
        role="status"
        data-testid="chart-tooltip"
        className={shown !== null ? 'tip' : undefined}
        // Kept in the page while hidden: a live region must exist before its text changes.
        sx={
          shown === null
            ? { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden' }
            : {}
        }
        style={
          shown === null
            ? undefined
            : tipLeft
              ? { left: x(shown) + 10 }
              : { right: width - x(shown) + 10 }
        }
      >
        {shown !== null && (
          <>
            <Box component="span" sx={{ display: 'block', fontWeight: 'bold' }}>
              {labels[shown]}
            </Box>
            {formatValue(values[shown] ?? 0)}
          </>
        )}
      </Box>
    </Box>
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The axis top: the next 1, 2, 4 or 8 times a power of ten at or above the largest value. */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 4, 8, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** Axis ticks: 1,200 → 1.2K; the exact values are in the tooltips and the table view. */
function compact(value: number): string {
  return new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(
    value,
  );
}

/** A category label cut to `chars` characters (the full one is in the bar's tooltip). */
function cut(label: string, chars: number): string {
  return label.length > chars ? `${label.slice(0, chars - 1)}…` : label;
}
