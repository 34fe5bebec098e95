import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

const NODE = ['id', 'user_name as userName', 'registered_at as registeredAt'] as const;

/** Referral tree around one user: parent, the user and one page of children (oldest first). */
export async function findReferralTree(
  db: Executor,
  userId: number,
  children: { limit: number; offset: number } = { limit: 100, offset: 0 },
) {
  const user = await db
    .selectFrom('end_users')
    .select([
      ...NODE,
      'parent_id as parentId',
      'ancestry',
      'children_count as childrenCount',
      'descendants_count as descendantsCount',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const [parent, childRows] = await Promise.all([
    user.parentId === null
      ? Promise.resolve(undefined)
      : db
          .selectFrom('end_users')
          .select([
            ...NODE,
            'children_count as childrenCount',
            'descendants_count as descendantsCount',
          ])
          .where('id', '=', user.parentId)
          .executeTakeFirst(),
    db
      .selectFrom('end_users')
      .select([
        ...NODE,
        'affiliate_sent_hec as totalRemittedHec',
        'children_count as childrenCount',
        'descendants_count as descendantsCount',
      ])
      .where('parent_id', '=', userId)
      .orderBy('registered_at')
      .orderBy('id')
      .limit(children.limit)
      .offset(children.offset)
      .execute(),
  ]);
  return { user, parent: parent ?? null, children: childRows, totalChildren: user.childrenCount };
}

/** Subtree totals of a user: maintained counts and sums, constant time at any subtree size. */
export async function findSubtreeTotals(db: Executor, userId: number) {
  return db
    .selectFrom('end_users')
    .select([
      'id',
      'children_count as numberOfChildren',
      'descendants_count as numberOfDescendants',
      'subtree_buy_amount_usd as subtreeBuyAmountUsd',
      'subtree_affiliate_sent_hec as subtreeRemittedHec',
      'total_referral_rewards as referralRewards',
      'total_bonus_rewards as bonusRewards',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Looks a user up by name (case-insensitive, unique) for the referral screen. */
export async function findUserIdByName(
  db: Executor,
  userName: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('end_users')
    .select('id')
    .where(sql<string>`lower(user_name)`, '=', userName.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

/** Avatars of a set of users (the relationship view's children). */
export async function findAvatars(
  db: Executor,
  userIds: readonly number[],
): Promise<Map<number, string | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('end_user_details')
    .select(['end_user_id as id', 'avatar_url as avatarUrl'])
    .where('end_user_id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.avatarUrl]));
}
