import { describe, expect, it } from 'vitest';
import { centreRange } from './export-centre';

// The download centre's confirmation range covers whole days of the business time zone
// (Asia/Tokyo by default; issue 26, "One clock"), as every list's date filter, not UTC days.
describe('centreRange', () => {
  it('sends the bounds of business days', () => {
    expect(centreRange('2026-11-01', '2026-11-27')).toEqual({
      confirmedAtFrom: '2026-10-31T15:00:00.000Z',
      confirmedAtUntil: '2026-11-27T14:59:59.999Z',
    });
  });

  it('leaves an empty side out', () => {
    expect(centreRange('', '2026-11-27')).toEqual({ confirmedAtUntil: '2026-11-27T14:59:59.999Z' });
    expect(centreRange('2026-11-01', '')).toEqual({ confirmedAtFrom: '2026-10-31T15:00:00.000Z' });
    expect(centreRange('', '')).toEqual({});
  });
});
