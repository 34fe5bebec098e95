/**
 * The withdrawal writes moved to one file each (docs/architecture.md, "A write, declared
 * once"): each declares its operation, input, access rule, answer and handler; importing it
 * registers the mutation. The others are declared in withdrawal-commands.ts.
 */
export { SIGNING_EXPORT, SIGNING_EXPORT_SET } from './export-for-signing';
