import { useEffect, useRef } from 'react';
import { alpha, Box, useTheme } from '@mui/material';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type ChartProps = {
  /** 'line' for a series over days, 'bars' for a distribution over categories. */
  kind: 'line' | 'bars';
  /** One label per point (a date, a card status, a range), shown on the x axis. */
  labels: string[];
  /**
   * One value per point as the API sent it (a decimal string or a count). Only the drawing
   * turns them into floating point; the texts on screen (tooltip, table view) show the values
   * as given, so an amount is never shown rounded.
   */
  values: Array<string | number>;
  /** How a value is written in the tooltip, e.g. formatUsd. */
  formatValue: (value: string | number) => string;
  /** What the chart shows, for screen readers; the table view gives the numbers. */
  label: string;
  height?: number;
};

/**
 * A small themed chart (uPlot: 23 KB gzip, docs/decisions/0001-charts.md). This module is only
 * ever imported lazily, so uPlot loads after the page's first paint.
 */
export function Chart({ kind, labels, values, formatValue, label, height = 180 }: ChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const text = theme.palette.text.secondary;
    const grid = theme.palette.divider;
    const color = theme.palette.primary.main;
    const font = `12px ${theme.typography.fontFamily ?? 'sans-serif'}`;
    const axis = { stroke: text, font, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
    const plot = new uPlot(
      {
        width: element.clientWidth || 300,
        height,
        legend: { show: false },
        cursor: { points: { show: kind === 'line' }, drag: { x: false, y: false } },
        scales: { x: { time: false, distr: 2 } },
        axes: [
          {
            ...axis,
            values: (_u, splits) => splits.map((i) => labels[Math.round(i)] ?? ''),
          },
          { ...axis, size: 56, values: (_u, splits) => splits.map((v) => compact(v)) },
        ],
        series: [
          {},
          {
            label,
            stroke: color,
            width: 2,
            fill: alpha(color, kind === 'bars' ? 0.6 : 0.15),
            points: { show: kind === 'line' && labels.length <= 31 },
            ...(kind === 'bars' ? { paths: uPlot.paths.bars?.({ size: [0.6, 48] }) } : {}),
          },
        ],
        hooks: {
          setCursor: [
            (u) => {
              const i = u.cursor.idx;
              element.title =
                i === null || i === undefined
                  ? ''
                  : `${labels[i] ?? ''}: ${formatValue(values[i] ?? 0)}`;
            },
          ],
        },
      },
      [labels.map((_, i) => i), values.map((v) => Number(v))],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [kind, labels, values, formatValue, label, height, theme]);
  return (
    <Box
      ref={ref}
      role="img"
      aria-label={label}
      data-testid="chart"
      sx={{ width: '100%', minHeight: height, '& .u-over': { cursor: 'crosshair' } }}
    />
  );
}

/** Axis ticks: 1,200 → 1.2k; the exact values are in the tooltip and the table view. */
function compact(value: number): string {
  return new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(
    value,
  );
}
