/** The end-user writes, one file each (docs/architecture.md, "A write, declared once"). */
export { FREEZE_WITHDRAWALS } from './freeze-withdrawals';
