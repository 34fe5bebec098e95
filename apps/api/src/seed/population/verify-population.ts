import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

type Check = { name: string; query: ReturnType<typeof sql<{ bad: string }>> };

// Each check counts the rows that break one invariant; all must be zero.
const CHECKS: Check[] = [
  {
    name: 'user totals equal the sums of payments',
    query: sql<{ bad: string }>`
      SELECT count(*)::text AS bad FROM end_users u
      LEFT JOIN (
        SELECT end_user_id,
          sum(paid_usd) FILTER (WHERE status IN ('confirmed', 'asset_fixed')) AS buy,
          sum(amount_eth) AS eth, sum(amount_hec) AS hec, count(*) AS n
        FROM payments GROUP BY end_user_id
      ) p ON p.end_user_id = u.id
      WHERE u.total_buy_amount_usd <> coalesce(p.buy, 0) OR u.total_eth_amount <> coalesce(p.eth, 0)
         OR u.total_hec_amount <> coalesce(p.hec, 0) OR u.payment_count <> coalesce(p.n, 0)`,
  },
  {
    name: 'user totals equal the sums of saving remittances, staking positions and snapshots',
    query: sql<{ bad: string }>`
      SELECT count(*)::text AS bad FROM end_users u
      LEFT JOIN (SELECT end_user_id, sum(sent_hec) AS sent FROM saving_remittances GROUP BY 1) s ON s.end_user_id = u.id
      LEFT JOIN (
        SELECT end_user_id,
          sum(current_balance) FILTER (WHERE coin_type = 'ETH') AS eth,
          sum(current_balance) FILTER (WHERE coin_type = 'HEC') AS hec
        FROM staking_positions GROUP BY 1
      ) k ON k.end_user_id = u.id
      LEFT JOIN (SELECT end_user_id, sum(owl_reward) AS owl FROM reward_snapshots GROUP BY 1) r ON r.end_user_id = u.id
      WHERE u.total_sent_amount <> coalesce(s.sent, 0) OR u.total_eth_staked_amount <> coalesce(k.eth, 0)
         OR u.total_hec_staked_amount <> coalesce(k.hec, 0) OR u.total_owl <> coalesce(r.owl, 0)`,
  },
  {
    name: 'user totals equal the sums of referral-plan remittances and rewards',
    query: sql<{ bad: string }>`
      SELECT count(*)::text AS bad FROM end_users u
      LEFT JOIN (
        SELECT end_user_id, count(*) AS n, sum(sent_hec) AS sent, sum(hec_principal) AS hec,
          sum(atem_principal) AS atem, sum(usd_valuation) AS usd
        FROM affiliate_remittances GROUP BY 1
      ) a ON a.end_user_id = u.id
      LEFT JOIN (
        SELECT end_user_id,
          sum(amount) FILTER (WHERE kind = 'affiliate_interest') AS interest,
          sum(amount) FILTER (WHERE kind = 'referral') AS referral,
          sum(amount) FILTER (WHERE kind = 'bonus') AS bonus
        FROM reward_entries GROUP BY 1
      ) w ON w.end_user_id = u.id
      WHERE u.affiliate_remittance_count <> coalesce(a.n, 0) OR u.affiliate_sent_hec <> coalesce(a.sent, 0)
         OR u.affiliate_hec_principal <> coalesce(a.hec, 0) OR u.affiliate_atem_principal <> coalesce(a.atem, 0)
         OR u.affiliate_usd_valuation <> coalesce(a.usd, 0) OR u.total_interest_rewards <> coalesce(w.interest, 0)
         OR u.total_referral_rewards <> coalesce(w.referral, 0) OR u.total_bonus_rewards <> coalesce(w.bonus, 0)`,
  },
  {
    name: 'ancestry is the parent ancestry plus the parent',
    query: sql<{ bad: string }>`
      SELECT count(*)::text AS bad FROM end_users c
      LEFT JOIN end_users p ON p.id = c.parent_id
      WHERE c.parent_id IS NOT NULL AND (p.id IS NULL OR c.ancestry <> p.ancestry || p.id)`,
  },
  {
    name: 'subtree counts and totals equal the sums over descendants',
    query: sql<{ bad: string }>`
      SELECT count(*)::text AS bad FROM end_users u
      LEFT JOIN (
        SELECT a.ancestor, count(*) AS n, sum(d.total_buy_amount_usd) AS buy, sum(d.affiliate_sent_hec) AS aff
        FROM end_users d, unnest(d.ancestry) AS a(ancestor) GROUP BY a.ancestor
      ) s ON s.ancestor = u.id
      LEFT JOIN (SELECT parent_id, count(*) AS n FROM end_users WHERE parent_id IS NOT NULL GROUP BY 1) c ON c.parent_id = u.id
      WHERE u.descendants_count <> coalesce(s.n, 0) OR u.children_count <> coalesce(c.n, 0)
         OR u.subtree_buy_amount_usd <> coalesce(s.buy, 0) OR u.subtree_affiliate_sent_hec <> coalesce(s.aff, 0)`,
  },
  {
    name: 'row_counts equal the counted rows',
    query: sql<{ bad: string }>`
      WITH actual AS (
        SELECT 'end_users' AS relation, b AS bucket, count(*) AS n FROM end_users, unnest(ARRAY['all', 'card_status:' || card_status]) b GROUP BY b
        UNION ALL SELECT 'end_users', 'affiliate_remitter', count(*) FROM end_users
          WHERE affiliate_remittance_count > 0 HAVING count(*) > 0
        -- Amount bands written out by hand here, not through buy_usd_band_bucket(), so that a
        -- mistake in the function shows up as a difference.
        UNION ALL SELECT 'end_users', 'buy_usd_band:' || to_char(band * 100, 'FM00000'), count(*) FROM (
          SELECT CASE WHEN total_buy_amount_usd >= 20000 THEN 200 ELSE trunc(total_buy_amount_usd / 100)::int END AS band
          FROM end_users) x GROUP BY band
        -- Dashboard buckets of 0050, ranges written out by hand too (buy_range_index()).
        UNION ALL SELECT 'end_users', b, count(*) FROM (
          SELECT to_char(business_day(registered_at), 'YYYY-MM-DD') AS d, card_status,
            CASE WHEN total_buy_amount_usd = 0 THEN 0 WHEN total_buy_amount_usd < 100 THEN 1
              WHEN total_buy_amount_usd < 500 THEN 2 WHEN total_buy_amount_usd < 1000 THEN 3
              WHEN total_buy_amount_usd < 5000 THEN 4 WHEN total_buy_amount_usd < 10000 THEN 5 ELSE 6 END AS r
          FROM end_users) u,
          unnest(ARRAY['buy_range:' || r, 'registered_day:' || d, 'registered_card:' || d || ':' || card_status,
            'registered_buy_range:' || d || ':' || r]) b GROUP BY b
        -- Name and email prefix buckets of 0130, written out by hand (end_users_prefix_buckets()).
        UNION ALL SELECT 'end_users', b, count(*) FROM end_users,
          unnest(ARRAY['name1:' || left(lower(user_name), 1), 'email1:' || left(lower(email), 1),
            CASE WHEN char_length(user_name) > 1 THEN 'name2:' || left(lower(user_name), 2) END,
            CASE WHEN char_length(email) > 1 THEN 'email2:' || left(lower(email), 2) END]) b
          WHERE b IS NOT NULL GROUP BY b
        UNION ALL SELECT 'payments', b, count(*) FROM payments, unnest(ARRAY['all', 'status:' || status]) b GROUP BY b
        UNION ALL SELECT 'payments', 'confirmed_day:' || to_char(confirmed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), count(*)
          FROM payments WHERE confirmed_at IS NOT NULL GROUP BY 2
        UNION ALL SELECT 'payments', 'asset_fixed_day:' || to_char(asset_fixed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), count(*)
          FROM payments WHERE asset_fixed_at IS NOT NULL GROUP BY 2
        UNION ALL SELECT 'withdrawal_requests', b, count(*) FROM withdrawal_requests,
          unnest(ARRAY['all', 'kind:' || kind, 'kind:' || kind || ':status:' || status]) b GROUP BY b
        UNION ALL SELECT 'withdrawal_requests', 'kind:' || kind || ':status:' || status || ':requested_day:'
            || to_char(requested_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), count(*)
          FROM withdrawal_requests GROUP BY 2
        UNION ALL SELECT 'withdrawal_requests', 'kind:' || kind || ':status:' || status || ':amount_band:'
            || withdrawal_amount_band(amount), count(*)
          FROM withdrawal_requests GROUP BY 2
        UNION ALL SELECT 'user_contacts', b, count(*) FROM user_contacts, unnest(ARRAY['all', 'status:' || status]) b GROUP BY b
        UNION ALL SELECT 'user_contacts', 'unassigned:status:' || status, count(*) FROM user_contacts
          WHERE assignee_admin_user_id IS NULL GROUP BY status
        UNION ALL SELECT 'user_contacts', 'status:' || status || ':contacted_day:'
            || to_char(contacted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), count(*)
          FROM user_contacts GROUP BY 2
        UNION ALL SELECT 'saving_remittances', b, count(*) FROM saving_remittances,
          unnest(ARRAY['all', 'plan:' || saving_plan_id]) b GROUP BY b
        UNION ALL SELECT 'affiliate_remittances', 'all', count(*) FROM affiliate_remittances HAVING count(*) > 0
        UNION ALL SELECT 'saving_deposit_addresses', b, count(*) FROM saving_deposit_addresses,
          unnest(ARRAY['all', 'plan:' || saving_plan_id]) b GROUP BY b
      )
      SELECT count(*)::text AS bad FROM actual a
      FULL JOIN (SELECT * FROM row_counts WHERE n <> 0) c ON c.relation = a.relation AND c.bucket = a.bucket
      WHERE a.n IS DISTINCT FROM c.n`,
  },
  {
    name: 'registration id bounds hold every user (0155)',
    query: sql<{ bad: string }>`
      SELECT count(*)::text AS bad FROM end_users u
      LEFT JOIN end_users_registered_id_bounds b ON b.day = (u.registered_at AT TIME ZONE 'UTC')::date
      WHERE b.day IS NULL OR u.id < b.min_id OR u.id > b.max_id`,
  },
  {
    name: 'asset_stats_daily equals the sums of payments and rewards per day',
    query: sql<{ bad: string }>`
      WITH d AS (
        SELECT business_day(asset_fixed_at) AS day, sum(amount_eth) AS ie, sum(amount_hec) AS ih,
          0::numeric AS ea, 0::numeric AS ha, 0::numeric AS es, 0::numeric AS hs, 0::numeric AS ep, 0::numeric AS hp, 0::numeric AS usd,
          0::numeric AS hb
        FROM payments WHERE asset_fixed_at IS NOT NULL GROUP BY 1
        UNION ALL
        SELECT business_day(confirmed_at), 0, 0, 0, 0, 0, 0, 0, 0, sum(paid_usd), 0
        FROM payments WHERE status IN ('confirmed', 'asset_fixed') GROUP BY 1
        UNION ALL
        SELECT reward_date, 0, 0,
          sum(amount) FILTER (WHERE kind IN ('affiliate_interest', 'referral', 'bonus') AND coin_type = 'ETH'),
          sum(amount) FILTER (WHERE kind IN ('affiliate_interest', 'referral', 'bonus') AND coin_type = 'HEC'),
          sum(amount) FILTER (WHERE kind = 'staking' AND coin_type = 'ETH'),
          sum(amount) FILTER (WHERE kind = 'staking' AND coin_type = 'HEC'),
          sum(amount) FILTER (WHERE kind = 'proportional' AND coin_type = 'ETH'),
          sum(amount) FILTER (WHERE kind = 'proportional' AND coin_type = 'HEC'), 0,
          sum(amount) FILTER (WHERE kind = 'bonus' AND coin_type = 'HEC')
        FROM reward_entries GROUP BY 1
      ), expected AS (
        SELECT day, sum(coalesce(ie, 0)) ie, sum(coalesce(ih, 0)) ih, sum(coalesce(ea, 0)) ea, sum(coalesce(ha, 0)) ha,
          sum(coalesce(es, 0)) es, sum(coalesce(hs, 0)) hs, sum(coalesce(ep, 0)) ep, sum(coalesce(hp, 0)) hp, sum(coalesce(usd, 0)) usd,
          sum(coalesce(hb, 0)) hb
        FROM d GROUP BY day
      )
      SELECT count(*)::text AS bad FROM expected e
      FULL JOIN asset_stats_daily s ON s.stat_date = e.day
      WHERE coalesce(e.ie, 0) <> coalesce(s.initial_eth_amount, 0) OR coalesce(e.ih, 0) <> coalesce(s.initial_hec_amount, 0)
         OR coalesce(e.ea, 0) <> coalesce(s.eth_affiliate_reward, 0) OR coalesce(e.ha, 0) <> coalesce(s.hec_affiliate_reward, 0)
         OR coalesce(e.es, 0) <> coalesce(s.eth_saving_reward, 0) OR coalesce(e.hs, 0) <> coalesce(s.hec_saving_reward, 0)
         OR coalesce(e.ep, 0) <> coalesce(s.eth_proportional_reward, 0) OR coalesce(e.hp, 0) <> coalesce(s.hec_proportional_reward, 0)
         OR coalesce(e.usd, 0) <> coalesce(s.total_buy_amount_usd, 0)
         OR coalesce(e.hb, 0) <> coalesce(s.hec_referral_bonus, 0)`,
  },
  {
    name: 'every withdrawal hash is registered once',
    query: sql<{ bad: string }>`
      SELECT count(*)::text AS bad FROM (
        SELECT lower(h) AS h, w.id FROM withdrawal_requests w, unnest(ARRAY[w.transaction_hash, w.eth_transaction_hash]) h
        WHERE h IS NOT NULL
      ) x FULL JOIN withdrawal_transaction_hashes t ON t.hash_key = x.h AND t.withdrawal_request_id = x.id
      WHERE x.h IS NULL OR t.hash_key IS NULL`,
  },
  {
    // docs/domain.md "What a principal withdrawal pays": coin_type/amount/fee are its HEC
    // transfer, its ETH transfer is the eth_ parts, and it pays more than 0 in one of them.
    name: 'a principal withdrawal is its HEC transfer plus its ETH parts, paying something',
    query: sql<{ bad: string }>`
      SELECT count(*)::text AS bad FROM withdrawal_requests
      WHERE kind = 'payment_paid_value'
        AND (coin_type <> 'HEC' OR amount <> hec_principal + hec_reward OR fee <> hec_fee
             OR amount + eth_principal + eth_reward = 0)`,
  },
];

/**
 * Checks every derived total and counter against the records; returns the broken invariants.
 * With `concurrency` > 1 (a pooled executor) the checks run on that many connections at once,
 * the heaviest first: each is one big scan-and-aggregate, so two of them fill two cores.
 */
export async function verifyPopulation(db: Executor, concurrency = 1): Promise<string[]> {
  const problems: string[] = [];
  const queue = CHECKS.map((check, index) => ({ check, index, weight: weightOf(db, check) })).sort(
    (a, b) => b.weight - a.weight,
  );
  const found: { index: number; problem: string }[] = [];
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const row = (await next.check.query.execute(db)).rows[0];
      if (row && row.bad !== '0')
        found.push({ index: next.index, problem: `${next.check.name}: ${row.bad} rows differ` });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  // Report in declaration order whatever order the checks finished in.
  for (const { problem } of found.sort((a, b) => a.index - b.index)) problems.push(problem);
  return problems;
}

/** Rough cost of a check: how many of the two biggest tables (payments, end_users) it scans. */
function weightOf(db: Executor, check: Check): number {
  const text = check.query.compile(db).sql;
  return (/\bpayments\b/.test(text) ? 2 : 0) + (/\bend_users\b/.test(text) ? 1 : 0);
}
