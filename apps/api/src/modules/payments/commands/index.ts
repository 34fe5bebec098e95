/**
 * The payment and rate writes, one file each (docs/architecture.md, "A write, declared once"):
 * each declares its operation (its mutation and the audit event it writes), input, access
 * rule, answer and handler; importing it registers the mutation. The two CSV imports are
 * declared in payments-commands.ts.
 */
export { ADD_PAYMENT } from './add-payment';
export { ASSIGN_RATES, ASSIGN_RATES_SET } from './assign-rates';
