import {
  CONTACT_STATUSES,
  PAYMENT_STATUSES,
  WITHDRAWAL_STATUSES,
  type ContactStatus,
  type PaymentStatus,
  type WithdrawalStatus,
} from './domain-values';

/**
 * A state machine: its statuses (from the one list in domain-values.ts) and, for each, the
 * statuses it may move to. Declared once here so the web app (which buttons to offer), the
 * services (what to refuse before writing) and the database triggers agree; a test in the
 * API (`apps/api/test/transitions.test.ts`) tries every pair against the triggers on both
 * engines and fails when they differ.
 */
export type StateMachine<S extends string> = {
  name: string;
  statuses: readonly S[];
  /** The statuses a new record may start in. */
  initial: readonly S[];
  next: { readonly [K in S]: readonly S[] };
};

/**
 * Withdrawals (migrations 0012, 0070): requested -> approved -> processing -> completed |
 * failed, and requested | approved | processing -> rejected; new requests start as requested.
 * requested -> approved needs enough approvals (two above the coin's threshold, docs/domain.md);
 * the state CHECK, not the trigger, refuses one that is short. Change the trigger and this
 * declaration together.
 */
export const WITHDRAWAL_MACHINE: StateMachine<WithdrawalStatus> = {
  name: 'withdrawal',
  statuses: WITHDRAWAL_STATUSES,
  initial: ['requested'],
  next: {
    requested: ['approved', 'rejected'],
    approved: ['processing', 'rejected'],
    processing: ['completed', 'failed', 'rejected'],
    completed: [],
    failed: [],
    rejected: [],
  },
};

/** Payments (migration 0011): pending -> confirmed -> asset_fixed; pending | confirmed -> canceled. */
export const PAYMENT_MACHINE: StateMachine<PaymentStatus> = {
  name: 'payment',
  statuses: PAYMENT_STATUSES,
  // Imports bring payments in whatever state the source system has them.
  initial: PAYMENT_STATUSES,
  next: {
    pending: ['confirmed', 'canceled'],
    confirmed: ['asset_fixed', 'canceled'],
    asset_fixed: [],
    canceled: [],
  },
};

/**
 * Support inquiries: the spec leaves the transitions open ("allowed transitions: not shown")
 * and the database has no trigger, so an operator may move an inquiry between any statuses,
 * reopening a closed one included.
 */
export const CONTACT_MACHINE: StateMachine<ContactStatus> = {
  name: 'contact',
  statuses: CONTACT_STATUSES,
  initial: ['backlog'],
  next: {
    backlog: ['wip', 'closed'],
    wip: ['backlog', 'closed'],
    closed: ['backlog', 'wip'],
  },
};

/**
 * True when a record in `from` may move to `to`. Staying in the same status is not a
 * transition (the triggers let such an update through) and answers false.
 */
export function canTransition<S extends string>(machine: StateMachine<S>, from: S, to: S): boolean {
  return from !== to && machine.next[from].includes(to);
}

/** The statuses a record may move into `to` from, in the machine's display order. */
export function statusesInto<S extends string>(machine: StateMachine<S>, to: S): S[] {
  return machine.statuses.filter((from) => canTransition(machine, from, to));
}
