import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { badInput, notFound, positiveId, textFilter } from '../../shared/list-input';
import type { PageRequest } from '../../shared/page';
import * as aggregates from './affiliate-aggregates-repository';
import * as repo from './referral-repository';
import { TRACK_RECORDS_LIST, type AffiliateSearchInput } from './referral-list';

/** Largest page of children one referral call returns (the widest user has thousands). */
const MAX_CHILDREN_PAGE = 500;
const DEFAULT_CHILDREN_PAGE = 100;

type ChildrenPage = {
  childrenLimit?: number | null | undefined;
  childrenOffset?: number | null | undefined;
};

function childrenPage(input: ChildrenPage): { limit: number; offset: number } {
  const limit = input.childrenLimit ?? DEFAULT_CHILDREN_PAGE;
  const offset = input.childrenOffset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CHILDREN_PAGE) {
    throw badInput('childrenLimit', `must be between 1 and ${MAX_CHILDREN_PAGE}.`);
  }
  if (!Number.isInteger(offset) || offset < 0)
    throw badInput('childrenOffset', 'must be 0 or more.');
  return { limit, offset };
}

export type { AffiliateSearchInput };

/** The affiliate search (lists and exports): text trimmed, blank means no filter. */
export function affiliateSearch(
  input: AffiliateSearchInput | null | undefined,
): aggregates.AffiliateSearch {
  return TRACK_RECORDS_LIST.values(input ?? {});
}

/** Reads of the referral tree and the affiliate (referral-plan) statistics. */
export function createReferralService(db: Kysely<DB>) {
  async function resolveUser(
    userName: string | null | undefined,
    userId: number | null | undefined,
  ): Promise<number> {
    if (userId !== null && userId !== undefined) return positiveId('userId', userId);
    const name = textFilter(userName);
    if (!name) throw badInput('userName', 'give a userName or a userId.');
    const id = await repo.findUserIdByName(db, name);
    if (id === undefined) throw notFound('user', name);
    return id;
  }

  return {
    /** Parent, user and one page of children (each with its child and descendant counts). */
    tree: async (args: { userName?: string | null; userId?: number | null } & ChildrenPage) => {
      const page = childrenPage(args);
      const id = await resolveUser(args.userName, args.userId);
      const tree = await repo.findReferralTree(db, id, page);
      if (!tree) throw notFound('user', id);
      return { ...tree, childrenLimit: page.limit, childrenOffset: page.offset };
    },

    /** The relationship view: user, parent, one page of children with avatars, and rewards. */
    relationship: async (args: { userId: number } & ChildrenPage) => {
      const page = childrenPage(args);
      const id = positiveId('userId', args.userId);
      const [tree, totals] = await Promise.all([
        repo.findReferralTree(db, id, page),
        repo.findSubtreeTotals(db, id),
      ]);
      if (!tree || !totals) throw notFound('user', id);
      const avatars = await repo.findAvatars(db, [
        tree.user.id,
        ...(tree.parent ? [tree.parent.id] : []),
        ...tree.children.map((c) => c.id),
      ]);
      const withAvatar = <T extends { id: number }>(node: T) => ({
        ...node,
        avatarUrl: avatars.get(node.id) ?? null,
      });
      return {
        user: withAvatar(tree.user),
        parentUser: tree.parent ? withAvatar(tree.parent) : null,
        childrenUsers: tree.children.map(withAvatar),
        totalChildren: tree.totalChildren,
        numberOfDescendants: totals.numberOfDescendants,
        referralRewards: totals.referralRewards,
        bonusRewards: totals.bonusRewards,
      };
    },

    /** affiliateTrackRecords: a page of users with their referral-plan totals. */
    trackRecords: (
      input: AffiliateSearchInput | null | undefined,
      page: PageRequest<aggregates.TrackRecordsSortTarget>,
    ) => aggregates.listAffiliateTrackRecords(db, affiliateSearch(input), page),

    /** affiliateSavingAggregates: a page of users with referral-plan remittances. */
    aggregates: (
      input: AffiliateSearchInput | null | undefined,
      page: PageRequest<aggregates.AggregatesSortTarget>,
    ) => aggregates.listAffiliateAggregates(db, affiliateSearch(input), page),
  };
}

export type ReferralService = ReturnType<typeof createReferralService>;
