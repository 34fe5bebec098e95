import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema';

type PlanSpec = { name: string; priceUsd: string };

/**
 * End users for payment tests, numbered `numbers`: `<prefix>_user_<n>`, invite code
 * `<PREFIX><n>`, `<prefix><n>@example.com`. Answers their ids in the order of `numbers`.
 */
export async function addTestUsers(
  db: Kysely<DB>,
  prefix: string,
  numbers: readonly number[],
): Promise<number[]> {
  const rows = await db
    .insertInto('end_users')
    .values(
      numbers.map((n) => ({
        user_name: `${prefix}_user_${n}`,
        invite_code: `${prefix.toUpperCase()}${n}`,
        email: `${prefix}${n}@example.com`,
        aube_user_id_hash: `${prefix}hash${n}`,
        first_name: `${prefix[0]!.toUpperCase()}${prefix.slice(1)}`,
        last_name: 'User',
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** One HEC plan and one ETH plan, as payment rows name them; answers their ids. */
export async function addHecAndEthPlans(
  db: Kysely<DB>,
  plans: { hec: PlanSpec; eth: PlanSpec },
): Promise<{ hecPlan: number; ethPlan: number }> {
  const rows = await db
    .insertInto('plans')
    .values([
      { name: plans.hec.name, price_usd: plans.hec.priceUsd, coin_type: 'HEC' },
      { name: plans.eth.name, price_usd: plans.eth.priceUsd, coin_type: 'ETH' },
    ])
    .returning(['id', 'coin_type'])
    .execute();
  return {
    hecPlan: rows.find((p) => p.coin_type === 'HEC')!.id,
    ethPlan: rows.find((p) => p.coin_type === 'ETH')!.id,
  };
}
