import '@/i18n/screens';
import type { TFunction } from 'i18next';
import { formatDateTime } from '@/lib/date-time';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function show(value: unknown, t: TFunction): string {
  if (value === null || value === undefined) return t('audit.none');
  if (typeof value === 'boolean') return value ? t('audit.yes') : t('audit.no');
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? formatDateTime(value) : value;
  if (Array.isArray(value)) return value.map((v) => show(v, t)).join(', ');
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An audit entry's change summary (JSON `{before, after}` or any object) as one line an
 * operator reads: 'Two-factor: no · Token expires at: 2026/11/24 19:59:06 JST', with
 * 'before → after' for a changed value. Field names are translated where the catalogue has
 * them; text that is not JSON is returned as is.
 */
export function auditSummaryText(summary: string, t: TFunction): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(summary);
  } catch {
    return summary;
  }
  if (!isRecord(parsed)) return show(parsed, t);
  const hasDiff = 'before' in parsed || 'after' in parsed;
  const before = hasDiff && isRecord(parsed.before) ? parsed.before : {};
  const after = hasDiff ? (isRecord(parsed.after) ? parsed.after : {}) : parsed;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .map((key) => {
      const label = t(`audit.fields.${key}`, { defaultValue: key });
      const was = key in before ? show(before[key], t) : undefined;
      const now = key in after ? show(after[key], t) : t('audit.none');
      return was !== undefined && was !== now ? `${label}: ${was} → ${now}` : `${label}: ${now}`;
    })
    .join(' · ');
}
