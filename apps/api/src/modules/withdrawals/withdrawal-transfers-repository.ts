import { sql, type RawBuilder } from 'kysely';

/**
 * The transfers requests make, one row per coin sent (docs/domain.md, "What a principal
 * withdrawal pays"): the main transfer (coin_type, net_amount to receiver_address) and, for a
 * principal withdrawal, the ETH transfer (principal + reward - fee to eth_receiver_address),
 * each only when the request makes it (withdrawal_pays_main / withdrawal_pays_eth, migration
 * 0181): an ETH plan's payment sends no HEC row of 0, a HEC plan's no ETH row of 0.
 *
 * The V2 signing file's rows, the export's per-coin totals and the transaction upload's
 * checks and totals all read this one definition, so they count the same transfers.
 * `where` filters the requests (alias `w`). Columns: request_id (bigint), seq (1 main, 2 ETH),
 * coin, to_address, amount (numeric), reference.
 */
export function transfersOf(where: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    SELECT w.id AS request_id, 1 AS seq, w.coin_type AS coin, w.receiver_address AS to_address,
           w.net_amount AS amount, 'withdrawal-' || w.id AS reference
      FROM withdrawal_requests w
     WHERE (${where}) AND ${PAYS_MAIN}
    UNION ALL
    SELECT w.id, 2, 'ETH', w.eth_receiver_address, ${ETH_NET}, 'withdrawal-' || w.id || '-eth'
      FROM withdrawal_requests w
     WHERE (${where}) AND ${PAYS_ETH}`;
}

/** A principal withdrawal's ETH net (principal + reward - fee) of request `w`. */
const ETH_NET = sql`(w.eth_principal + w.eth_reward - w.eth_fee)`;
/** Whether request `w` makes its main transfer (migration 0181). */
export const PAYS_MAIN = sql<boolean>`withdrawal_pays_main(w.kind, w.net_amount, ${ETH_NET})`;
/** Whether request `w` makes an ETH transfer (migration 0181). */
export const PAYS_ETH = sql<boolean>`withdrawal_pays_eth(w.kind, ${ETH_NET})`;
