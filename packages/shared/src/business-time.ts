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
