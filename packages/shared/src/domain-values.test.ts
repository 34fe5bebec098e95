import { describe, expect, it } from 'vitest';
import {
  CONTACT_STATUSES,
  isOneOf,
  PAYMENT_STATUSES,
  WITHDRAWAL_KINDS,
  WITHDRAWAL_STATUSES,
} from './domain-values';

describe('domain value sets', () => {
  it('list each value once, eight withdrawal kinds sharing one six-state machine', () => {
    for (const values of [
      PAYMENT_STATUSES,
      WITHDRAWAL_KINDS,
      WITHDRAWAL_STATUSES,
      CONTACT_STATUSES,
    ])
      expect(new Set(values).size).toBe(values.length);
    expect(WITHDRAWAL_KINDS).toHaveLength(8);
    expect(WITHDRAWAL_STATUSES).toEqual([
      'requested',
      'approved',
      'processing',
      'completed',
      'failed',
      'rejected',
    ]);
  });

  it('isOneOf accepts exactly the listed values, case and spacing included', () => {
    expect(isOneOf(PAYMENT_STATUSES, 'asset_fixed')).toBe(true);
    expect(isOneOf(PAYMENT_STATUSES, 'Asset_fixed')).toBe(false);
    expect(isOneOf(WITHDRAWAL_KINDS, 'atem ')).toBe(false);
    expect(isOneOf(WITHDRAWAL_KINDS, '')).toBe(false);
  });
});
