import type { WithdrawalKind } from '@app/shared';

/**
 * The kind's signing exports (V1, V2) and transaction upload; filled in with the export and
 * import engines.
 */
export function WithdrawalTools({ kind }: { kind: WithdrawalKind }) {
  void kind;
  return null;
}
