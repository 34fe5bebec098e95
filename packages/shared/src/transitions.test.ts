import { describe, expect, it } from 'vitest';
import {
  canTransition,
  CONTACT_MACHINE,
  PAYMENT_MACHINE,
  statusesInto,
  WITHDRAWAL_MACHINE,
} from './transitions';

describe('state machines', () => {
  it('declare a next list for exactly the statuses of their list, pointing only at known ones', () => {
    for (const machine of [WITHDRAWAL_MACHINE, PAYMENT_MACHINE, CONTACT_MACHINE]) {
      expect(Object.keys(machine.next).sort()).toEqual([...machine.statuses].sort());
      for (const targets of Object.values<readonly string[]>(machine.next)) {
        for (const to of targets) expect(machine.statuses).toContain(to);
      }
    }
  });

  it('answers canTransition and statusesInto from the declaration', () => {
    expect(canTransition(WITHDRAWAL_MACHINE, 'requested', 'approved')).toBe(true);
    expect(canTransition(WITHDRAWAL_MACHINE, 'approved', 'processing')).toBe(true);
    // Nothing is exported for signing before it is approved.
    expect(canTransition(WITHDRAWAL_MACHINE, 'requested', 'processing')).toBe(false);
    expect(canTransition(WITHDRAWAL_MACHINE, 'completed', 'processing')).toBe(false);
    expect(canTransition(WITHDRAWAL_MACHINE, 'requested', 'requested')).toBe(false);
    for (const to of ['completed', 'failed', 'rejected'] as const)
      expect(canTransition(WITHDRAWAL_MACHINE, 'processing', to)).toBe(true);
    for (const to of PAYMENT_MACHINE.statuses)
      expect(canTransition(PAYMENT_MACHINE, 'asset_fixed', to)).toBe(false);
    expect(statusesInto(PAYMENT_MACHINE, 'asset_fixed')).toEqual(['confirmed']);
    expect(statusesInto(WITHDRAWAL_MACHINE, 'rejected')).toEqual([
      'requested',
      'approved',
      'processing',
    ]);
    expect(statusesInto(WITHDRAWAL_MACHINE, 'requested')).toEqual([]);
    expect(canTransition(CONTACT_MACHINE, 'closed', 'backlog')).toBe(true);
    expect(canTransition(CONTACT_MACHINE, 'closed', 'wip')).toBe(true);
  });
});
