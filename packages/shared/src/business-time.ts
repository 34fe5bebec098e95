/**
 * The business time zone (DESIGN.md section 4, "Messages and clock"): one IANA zone decides
 * file-name stamps (and, later, day buckets, "today" and the day bounds of date filters).
 * The API reads it from `BUSINESS_TIME_ZONE`; this module is the one place that formats in it.
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

const stampFormatters = new Map<string, Intl.DateTimeFormat>();

function stampFormatter(timeZone: string): Intl.DateTimeFormat {
  let found = stampFormatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    stampFormatters.set(timeZone, found);
  }
  return found;
}

/**
 * The stamp of a file name: `20261124T1405`, the wall-clock minute of `at` in `timeZone`
 * (letters and digits only, so it is safe in any file system). In UTC it ends with `Z`
 * (`20261124T0505Z`), so a stamp never looks like local time when it is not.
 */
export function fileNameStamp(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    stampFormatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const stamp = `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}`;
  return timeZone === 'UTC' || timeZone === 'Etc/UTC' ? `${stamp}Z` : stamp;
}

const isoFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * `at` as an ISO 8601 date-time in `timeZone` with its offset (`2026-01-31T10:00:00+09:00`;
 * `Z` in UTC): the same instant, written as the business reads it, and still a value the
 * imports accept.
 */
export function isoInTimeZone(at: Date, timeZone: string): string {
  let format = isoFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    isoFormatters.set(timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(at).map((x) => [x.type, x.value])) as Record<
    string,
    string
  >;
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
