/**
 * The withdrawal writes, one file each (docs/architecture.md, "A write, declared once"): each
 * declares its operation, input, access rule, answer and handler; importing it registers the
 * mutation (the transaction upload registers its nine names).
 */
export { APPROVE_MATCHING_WITHDRAWALS, APPROVE_MATCHING_SET } from './approve-matching';
export { APPROVE_WITHDRAWALS } from './approve-requests';
export { CANCEL_THRESHOLD_CHANGE } from './cancel-threshold-change';
export { CONFIRM_THRESHOLD_CHANGE } from './confirm-threshold-change';
export { SIGNING_EXPORT, SIGNING_EXPORT_SET } from './export-for-signing';
export { FAIL_WITHDRAWALS } from './fail-requests';
export { REJECT_MATCHING_WITHDRAWALS, REJECT_MATCHING_SET } from './reject-matching';
export { REJECT_WITHDRAWALS } from './reject-requests';
export { UPDATE_THRESHOLD } from './update-threshold';
export {
  UPLOAD_TRANSACTIONS,
  UPLOAD_TRANSACTIONS_OF_KIND,
  UPLOAD_TRANSACTIONS_SET,
} from './upload-transactions';
