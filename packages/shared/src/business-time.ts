/**
 * The business time zone (DESIGN.md section 4, "Messages and clock"): one IANA zone decides
 * file-name stamps, the days of the dashboard and asset statistics, "today" and the day bounds
 * of date filters. The API reads it from `BUSINESS_TIME_ZONE` (and writes it to the database's
 * business_clock, migration 0150); the web app is built with the same zone. This module is the
 * one place that converts between instants and business days (docs/domain.md, "Business days").
 */
export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Tokyo';

/** True when the runtime knows the zone (an IANA name such as `Asia/Tokyo`, or `UTC`). */
export function isTimeZone(zone: string): boolean {
  if (zone.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A formatter per time zone for the given fields (always the 24-hour clock), made once per zone:
 * building an Intl.DateTimeFormat costs far more than formatting with it.
 */
function zoneFormatter(
  fields: Omit<Intl.DateTimeFormatOptions, 'timeZone' | 'hourCycle'>,
): (timeZone: string) => Intl.DateTimeFormat {
  const made = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let found = made.get(timeZone);
    if (!found) {
      found = new Intl.DateTimeFormat('en-US', { timeZone, ...fields, hourCycle: 'h23' });
      made.set(timeZone, found);
    }
    return found;
  };
}

/** The parts of `at` a formatter writes, by type (year, month, …). */
function partsOf(format: Intl.DateTimeFormat, at: Date | number): Record<string, string> {
  return Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
}

const TWO_DIGITS = {
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
} as const;

const stampFormatter = zoneFormatter({ year: 'numeric', ...TWO_DIGITS });

/**
 * The stamp of a file name: `20261124T1405`, the wall-clock minute of `at` in `timeZone`
 * (letters and digits only, so it is safe in any file system). In UTC it ends with `Z`
 * (`20261124T0505Z`), so a stamp never looks like local time when it is not.
 */
export function fileNameStamp(at: Date, timeZone: string): string {
  const parts = partsOf(stampFormatter(timeZone), at);
  const stamp = `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}`;
  return timeZone === 'UTC' || timeZone === 'Etc/UTC' ? `${stamp}Z` : stamp;
}

const isoFormatter = zoneFormatter({ year: 'numeric', ...TWO_DIGITS, second: '2-digit' });

/**
 * `at` as an ISO 8601 date-time in `timeZone` with its offset (`2026-01-31T10:00:00+09:00`;
 * `Z` in UTC): the same instant, written as the business reads it, and still a value the
 * imports accept.
 */
export function isoInTimeZone(at: Date, timeZone: string): string {
  const p = partsOf(isoFormatter(timeZone), at);
  const wall = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  const seconds = Math.floor(at.getTime() / 1000) * 1000;
  const offset = Math.round((wall - seconds) / 60_000);
  const ms = at.getUTCMilliseconds();
  const fraction = ms === 0 ? '' : `.${String(ms).padStart(3, '0')}`;
  const local = `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${fraction}`;
  if (offset === 0) return `${local}Z`;
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local}${offset < 0 ? '-' : '+'}${hh}:${mm}`;
}

const partFormatter = zoneFormatter({
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The wall-clock fields of `at` in `timeZone`, as numbers. */
function wallClock(at: number, timeZone: string): { y: number; m: number; d: number; ms: number } {
  const p: Record<string, number> = {};
  for (const part of partFormatter(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  const y = p.year ?? 1970;
  const m = p.month ?? 1;
  const d = p.day ?? 1;
  const wall = Date.UTC(y, m - 1, d, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
  return { y, m, d, ms: wall + (((at % 1000) + 1000) % 1000) };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in milliseconds (+09:00 = 32400000). */
export function zoneOffsetMs(at: number, timeZone: string): number {
  return wallClock(at, timeZone).ms - at;
}

/** The calendar day (YYYY-MM-DD) of an instant in `timeZone`: 2026-01-05T16:00Z is 2026-01-06 in Tokyo. */
export function businessDate(at: Date | number, timeZone: string): string {
  const { y, m, d } = wallClock(typeof at === 'number' ? at : at.getTime(), timeZone);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * The first instant of a calendar day (YYYY-MM-DD) in `timeZone`: 2026-01-06 in Tokyo starts
 * at 2026-01-05T15:00:00.000Z. Undefined for a text that is not a date.
 */
export function businessDayStart(day: string, timeZone: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const midnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(midnight)) return undefined;
  // Twice: the offset at the guess may differ from the offset at the answer around a DST change.
  const guess = midnight - zoneOffsetMs(midnight, timeZone);
  return new Date(midnight - zoneOffsetMs(guess, timeZone));
}

/** The last instant (millisecond) of a calendar day in `timeZone`: the next day's start − 1 ms. */
export function businessDayEnd(day: string, timeZone: string): Date | undefined {
  const start = businessDayStart(day, timeZone);
  if (!start) return undefined;
  const next = businessDate(start.getTime() + 36 * 60 * 60 * 1000, timeZone);
  const nextStart = businessDayStart(next, timeZone);
  return nextStart ? new Date(nextStart.getTime() - 1) : undefined;
}
