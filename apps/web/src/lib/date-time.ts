import {
  businessDate,
  businessDayEnd,
  businessDayStart,
  DEFAULT_BUSINESS_TIME_ZONE,
  zoneOffsetMs,
} from '@app/shared';

/**
 * The business time zone (issue 26, "One clock"): every date on screen is shown in it with the
 * zone named, and a date filter's days are its days, whatever the browser's zone, so a screen,
 * the dashboard's day buckets, file stamps and the lists agree. Set at build time with
 * `VITE_BUSINESS_TIME_ZONE`, to the server's `BUSINESS_TIME_ZONE` (default Asia/Tokyo);
 * conversions go through packages/shared business-time.ts (docs/domain.md, "Business days").
 */
export function businessTimeZone(): string {
  const configured = (import.meta.env as Record<string, string | undefined>)
    .VITE_BUSINESS_TIME_ZONE;
  return configured && configured.trim() !== '' ? configured : DEFAULT_BUSINESS_TIME_ZONE;
}

/** The zone dates are shown in: the business zone (the name the lists' notes already use). */
export const adminTimeZone = businessTimeZone;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A zone's formatter, made once: with seconds and the zone's name, or `short` without them. */
function formatter(timeZone: string, short = false): Intl.DateTimeFormat {
  const key = `${short ? 'short' : 'full'} ${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('ja-JP', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      ...(!short && { second: '2-digit', timeZoneName: 'short' }),
      hourCycle: 'h23',
    });
    formatters.set(key, found);
  }
  return found;
}

function toDate(value: string | number): Date | null {
  // Reward-snapshot dates arrive as milliseconds, sometimes as a string of digits.
  const date =
    typeof value === 'number' || /^\d+$/.test(value) ? new Date(Number(value)) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * An instant (ISO-8601 or epoch milliseconds) in the business time zone with the zone shown,
 * e.g. '2026/01/31 09:00:00 JST'. Blank for null; the raw value when unparseable.
 */
export function formatDateTime(
  value: string | number | null | undefined,
  timeZone: string = adminTimeZone(),
): string {
  return formatInstant(value, formatter(timeZone));
}

/** An instant through `format`: blank for null, the raw value when unparseable. */
function formatInstant(value: string | number | null | undefined, format: Intl.DateTimeFormat) {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  return date ? format.format(date) : String(value);
}

/**
 * The first instant of a calendar day (YYYY-MM-DD) of the business zone, as the API takes it:
 * ISO with milliseconds and `Z`, the spec's form (section 9), of the zone's midnight
 * (2026-01-06 in Tokyo: 2026-01-05T15:00:00.000Z; in UTC exactly T00:00:00.000Z).
 */
export function dayStartIso(
  day: string,
  timeZone: string = businessTimeZone(),
): string | undefined {
  return businessDayStart(day, timeZone)?.toISOString();
}

/** The last instant (T…59.999Z) of a calendar day of the business zone (spec section 9). */
export function dayEndIso(day: string, timeZone: string = businessTimeZone()): string | undefined {
  return businessDayEnd(day, timeZone)?.toISOString();
}

/**
 * The business day (YYYY-MM-DD) `daysBack` days before the one `at` falls on, in the business
 * zone: "today" of a default date range (`businessDayOf(now)`, `businessDayOf(now, 29)` for the
 * first of the last 30 days), whatever the browser's zone.
 */
export function businessDayOf(
  at: number,
  daysBack = 0,
  timeZone: string = businessTimeZone(),
): string {
  const day = businessDate(at, timeZone);
  if (daysBack === 0) return day;
  // Calendar arithmetic on the day itself: a day is 24 hours apart in UTC.
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - daysBack * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

/**
 * A calendar date stored as midnight UTC (birth dates, enrollment months): shown as the date
 * itself, with no zone, since it names a day rather than an instant. `month` drops the day.
 */
export function formatCalendarDate(
  value: string | null | undefined,
  { month = false }: { month?: boolean } = {},
): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return value ?? '';
  return month ? `${match[1]}/${match[2]}` : `${match[1]}/${match[2]}/${match[3]}`;
}

/**
 * An instant for a list cell: '2026/01/31 09:00', in the business zone, which the note under
 * every list names; the full value with seconds and zone goes in the cell's title.
 */
export function formatDateTimeShort(
  value: string | number | null | undefined,
  timeZone: string = adminTimeZone(),
): string {
  return formatInstant(value, formatter(timeZone, true));
}

/**
 * An instant as the value of a datetime-local input in the business zone ('2026-03-01T10:00'),
 * so a form shows the same wall-clock time as the lists, whatever the browser's zone.
 */
export function toZoneInput(
  value: string | null | undefined,
  timeZone: string = businessTimeZone(),
): string {
  if (!value) return '';
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) return '';
  return new Date(at + zoneOffsetMs(at, timeZone)).toISOString().slice(0, 16);
}

/**
 * A datetime-local value read as wall-clock time in the business zone, as an ISO instant
 * (null when blank or not a date and time): 2026-03-01T10:00 in Tokyo is 2026-03-01T01:00:00.000Z.
 */
export function fromZoneInput(value: string, timeZone: string = businessTimeZone()): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [y, mo, d, h, mi, se] = match.slice(1).map((part) => Number(part ?? 0));
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!, se ?? 0);
  if (Number.isNaN(wall)) return null;
  // Twice: the offset at the guess may differ from the one at the answer around a DST change.
  const guess = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(guess, timeZone)).toISOString();
}
