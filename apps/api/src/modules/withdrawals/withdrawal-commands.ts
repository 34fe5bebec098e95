import { WITHDRAWAL_REJECT_CODES } from '@app/shared';
import { WITHDRAWAL_KINDS } from '../../db/tables/domain-tables';
import { defineCommand, inputObject } from '../../platform/commands';
import type { WithdrawalSearchInput } from './withdrawals-list';

/**
 * The withdrawal actions, declared once (docs/architecture.md, "A write, declared once"): each
 * one's operation (its mutation and the audit event it writes, one row per changed request)
 * and its input. The mutations' arguments are derived from these; the enums and input objects
 * are the schema's own types, handed in by withdrawal-actions-schema.ts.
 */

const IDS = { ids: { type: 'ID', list: true, required: true } } as const;
const REJECTION = {
  reasonCode: { type: 'Enum', values: WITHDRAWAL_REJECT_CODES, required: true },
  reasonText: { type: 'String', required: true },
} as const;
/** "All N matching this filter": the list's kind and searchParams, and the total seen. */
const MATCHING = {
  kind: { type: 'Enum', values: WITHDRAWAL_KINDS, required: true },
  searchParams: inputObject<WithdrawalSearchInput>(),
  expectedCount: { type: 'Int', required: true },
} as const;

export const APPROVE_WITHDRAWALS = defineCommand({
  name: 'postApproveWithdrawalRequests',
  input: {
    /** Each request with the revision the approving admin saw. */
    requests: {
      ...inputObject<{ id: string | number; revision: number }>(),
      list: true,
      required: true,
    },
  },
});

export const REJECT_WITHDRAWALS = defineCommand({
  name: 'postRejectWithdrawalRequests',
  input: { ...IDS, ...REJECTION },
});

export const APPROVE_MATCHING_WITHDRAWALS = defineCommand({
  name: 'postApproveMatchingWithdrawalRequests',
  input: MATCHING,
});

export const REJECT_MATCHING_WITHDRAWALS = defineCommand({
  name: 'postRejectMatchingWithdrawalRequests',
  input: { ...MATCHING, ...REJECTION },
});

export const FAIL_WITHDRAWALS = defineCommand({
  name: 'postFailWithdrawalRequests',
  input: { ...IDS, reason: { type: 'String', required: true } },
});
