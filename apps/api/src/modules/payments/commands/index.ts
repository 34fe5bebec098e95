/**
 * The payment and rate writes, one file each (docs/architecture.md, "A write, declared once"):
 * each declares its operation (its mutation and the audit event it writes), input, access
 * rule, answer and handler; importing it registers the mutation.
 */
export { ADD_PAYMENT } from './add-payment';
export { ASSIGN_RATES, ASSIGN_RATES_SET } from './assign-rates';
export { IMPORT_PAYMENTS, IMPORT_PAYMENTS_SET } from './import-payments';
export { IMPORT_RATES, IMPORT_RATES_SET } from './import-rates';
