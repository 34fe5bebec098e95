import { describe, expect, it } from 'vitest';
import {
  businessDate,
  businessDayEnd,
  businessDayStart,
  fileNameStamp,
  isoInTimeZone,
  isTimeZone,
} from './business-time';

describe('fileNameStamp', () => {
  it('stamps the wall-clock minute in the business time zone', () => {
    // 23:30 UTC on Nov 23 is 08:30 on Nov 24 in Tokyo: the day changes too.
    const at = new Date('2026-11-23T23:30:45.000Z');
    expect(fileNameStamp(at, 'Asia/Tokyo')).toBe('20261124T0830');
    expect(fileNameStamp(at, 'UTC')).toBe('20261123T2330Z');
    expect(fileNameStamp(new Date('2026-01-01T00:00:00.000Z'), 'America/New_York')).toBe(
      '20251231T1900',
    );
  });

  it('midnight is 00, not 24', () => {
    expect(fileNameStamp(new Date('2026-11-23T15:00:00.000Z'), 'Asia/Tokyo')).toBe('20261124T0000');
  });

  it('knows a zone from a typo', () => {
    expect(isTimeZone('Asia/Tokyo')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Asia/Tokio')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('isoInTimeZone', () => {
  it('writes the instant as the zone reads it, with its offset', () => {
    const at = new Date('2026-11-23T23:30:45.000Z');
    expect(isoInTimeZone(at, 'Asia/Tokyo')).toBe('2026-11-24T08:30:45+09:00');
    expect(isoInTimeZone(at, 'UTC')).toBe('2026-11-23T23:30:45Z');
    expect(isoInTimeZone(new Date('2026-01-01T00:00:00.250Z'), 'America/New_York')).toBe(
      '2025-12-31T19:00:00.250-05:00',
    );
    expect(isoInTimeZone(new Date('2026-07-01T00:00:00Z'), 'America/New_York')).toBe(
      '2026-06-30T20:00:00-04:00',
    );
    expect(new Date(isoInTimeZone(at, 'Asia/Kolkata')).getTime()).toBe(at.getTime());
  });
});

describe('business days', () => {
  it('a payment at 16:00 UTC falls on the next day in Tokyo, the same day in UTC', () => {
    const at = new Date('2026-01-05T16:00:00.000Z');
    expect(businessDate(at, 'Asia/Tokyo')).toBe('2026-01-06');
    expect(businessDate(at, 'UTC')).toBe('2026-01-05');
    expect(businessDate(new Date('2026-01-05T14:59:59.999Z'), 'Asia/Tokyo')).toBe('2026-01-05');
  });

  it('a day starts and ends at its midnights in the zone', () => {
    expect(businessDayStart('2026-01-06', 'Asia/Tokyo')?.toISOString()).toBe(
      '2026-01-05T15:00:00.000Z',
    );
    expect(businessDayEnd('2026-01-06', 'Asia/Tokyo')?.toISOString()).toBe(
      '2026-01-06T14:59:59.999Z',
    );
    expect(businessDayStart('2026-01-06', 'UTC')?.toISOString()).toBe('2026-01-06T00:00:00.000Z');
    expect(businessDayStart('not a day', 'UTC')).toBeUndefined();
  });

  it('a day across a daylight-saving change is 23 or 25 hours long', () => {
    // New York springs forward on 2026-03-08: midnight is still -05:00, the end is -04:00.
    expect(businessDayStart('2026-03-08', 'America/New_York')?.toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(businessDayEnd('2026-03-08', 'America/New_York')?.toISOString()).toBe(
      '2026-03-09T03:59:59.999Z',
    );
  });
});
