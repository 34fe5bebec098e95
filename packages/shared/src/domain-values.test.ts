import { describe, expect, it } from 'vitest';
import {
  CARD_STATUS_NAMES,
  CARD_STATUSES,
  CONTACT_STATUSES,
  isCardStatus,
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

  it('card statuses are 0 None to 6 Black, each named, and nothing else is one', () => {
    expect(CARD_STATUSES).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(CARD_STATUSES.map((s) => CARD_STATUS_NAMES[s])).toEqual([
      'None',
      'Emerald',
      'Ruby',
      'Sapphire',
      'Gold',
      'Platinum',
      'Black',
    ]);
    expect(CARD_STATUSES.every(isCardStatus)).toBe(true);
    for (const other of [-1, 7, 1.5, Number.NaN]) expect(isCardStatus(other)).toBe(false);
  });
});
