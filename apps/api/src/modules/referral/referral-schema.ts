import { builder } from '../../graphql/builder';
import { filterInputFields } from '../../graphql/filter-fields';
import { pagedListQuery, searchListInput } from '../../graphql/pagination';
import type {
  AffiliateAggregateRow,
  AffiliateTrackRecordRow,
} from './affiliate-aggregates-repository';
import type { ReferralService } from './referral-service';
import { AGGREGATES_LIST, TRACK_RECORDS_LIST } from './referral-list';

type Tree = Awaited<ReturnType<ReferralService['tree']>>;
type Relationship = Awaited<ReturnType<ReferralService['relationship']>>;
type TreeNode = {
  id: number;
  userName: string;
  registeredAt: Date;
  childrenCount?: number;
  descendantsCount?: number;
};

const ReferralNodeRef = builder.objectRef<TreeNode>('ReferralNode').implement({
  description: 'A user in the referral tree.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    userName: t.exposeString('userName'),
    registeredAt: t.expose('registeredAt', { type: 'DateTime' }),
    childrenCount: t.int({
      description: 'Direct children (referrals).',
      resolve: (n) => n.childrenCount ?? 0,
    }),
    descendantsCount: t.int({
      description: 'All descendants, at any depth.',
      resolve: (n) => n.descendantsCount ?? 0,
    }),
  }),
});

const ReferralTreeRef = builder.objectRef<Tree>('ReferralTree').implement({
  fields: (t) => ({
    parent: t.expose('parent', { type: ReferralNodeRef, nullable: true }),
    user: t.expose('user', { type: ReferralNodeRef }),
    children: t.expose('children', {
      type: [ReferralNodeRef],
      description: 'One page of children, oldest registration first.',
    }),
    totalChildren: t.exposeInt('totalChildren'),
    childrenLimit: t.exposeInt('childrenLimit'),
    childrenOffset: t.exposeInt('childrenOffset'),
  }),
});

builder.queryField('referralTree', (t) =>
  t.field({
    description:
      "Parent, user and one page of children (oldest first, each with childrenCount and descendantsCount). Pick the user by userName (exact, case-insensitive) or by userId; to expand a node lazily, call again with that child's id as userId. childrenLimit defaults to 100 (max 500), childrenOffset to 0.",
    type: ReferralTreeRef,
    authScopes: { authenticated: true },
    args: {
      userName: t.arg.string({ required: false }),
      userId: t.arg.int({ required: false }),
      childrenLimit: t.arg.int({ required: false }),
      childrenOffset: t.arg.int({ required: false }),
    },
    resolve: (_root, args, ctx) => ctx.services.referral.tree(args),
  }),
);

type RelationshipNode = TreeNode & { avatarUrl: string | null; totalRemittedHec?: string };
const ReferralUserRef = builder.objectRef<RelationshipNode>('ReferralUser').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    avatarUrl: t.exposeString('avatarUrl', { nullable: true }),
    userName: t.exposeString('userName'),
    registeredAt: t.expose('registeredAt', { type: 'DateTime' }),
    totalRemittedHec: t.field({
      type: 'Decimal',
      nullable: true,
      description: 'Referral-plan HEC sent (children only).',
      resolve: (n) => n.totalRemittedHec ?? null,
    }),
    childrenCount: t.int({ resolve: (n) => n.childrenCount ?? 0 }),
    descendantsCount: t.int({ resolve: (n) => n.descendantsCount ?? 0 }),
  }),
});

const UserReferralRelationshipRef = builder
  .objectRef<Relationship>('UserReferralRelationship')
  .implement({
    fields: (t) => ({
      user: t.expose('user', { type: ReferralUserRef }),
      parentUser: t.expose('parentUser', { type: ReferralUserRef, nullable: true }),
      childrenUsers: t.field({ type: [ReferralUserRef], resolve: (r) => r.childrenUsers }),
      totalChildren: t.exposeInt('totalChildren'),
      numberOfDescendants: t.exposeInt('numberOfDescendants'),
      referralRewards: t.expose('referralRewards', { type: 'Decimal' }),
      bonusRewards: t.expose('bonusRewards', { type: 'Decimal' }),
    }),
  });

builder.queryField('userReferralRelationship', (t) =>
  t.field({
    description:
      'The user, their referrer, one page of children (childrenLimit default 100, max 500) and their referral and bonus rewards.',
    type: UserReferralRelationshipRef,
    authScopes: { authenticated: true },
    args: {
      userId: t.arg.int({ required: true }),
      childrenLimit: t.arg.int({ required: false }),
      childrenOffset: t.arg.int({ required: false }),
    },
    resolve: (_root, args, ctx) => ctx.services.referral.relationship(args),
  }),
);

const AffiliateSearchParamsRef = builder.inputType('AffiliateSearchParams', {
  description: 'userName and email match by prefix (case-insensitive); forceClubId exactly.',
  fields: (t) => filterInputFields(t, TRACK_RECORDS_LIST.filters),
});

const AffiliateListInputRef = searchListInput('AffiliateListInput', AffiliateSearchParamsRef);

const AffiliateTrackRecordRef = builder
  .objectRef<AffiliateTrackRecordRow>('AffiliateTrackRecord')
  .implement({
    fields: (t) => ({
      userId: t.exposeInt('userId'),
      userName: t.exposeString('userName'),
      email: t.exposeString('email'),
      forceClubId: t.exposeString('forceClubId', { nullable: true }),
      totalRemittedHec: t.expose('totalRemittedHec', { type: 'Decimal' }),
      totalHecPrincipal: t.expose('totalHecPrincipal', { type: 'Decimal' }),
      totalReferralRewards: t.expose('totalReferralRewards', { type: 'Decimal' }),
      totalBonusRewards: t.expose('totalBonusRewards', { type: 'Decimal' }),
      numberOfChildren: t.exposeInt('numberOfChildren'),
      parentUserName: t.exposeString('parentUserName', { nullable: true }),
    }),
  });

pagedListQuery(TRACK_RECORDS_LIST, {
  type: 'AffiliateTrackRecordList',
  item: AffiliateTrackRecordRef,
  description: 'Every user with referral-plan totals and number of children.',
  authScopes: { authenticated: true },
  args: (arg) => ({ input: arg({ type: AffiliateListInputRef, required: false }) }),
  pageInput: (args) => args.input?.pagination,
  load: (args, page, ctx) => ctx.services.referral.trackRecords(args.input?.searchParams, page),
});

const AffiliateSavingAggregateRef = builder
  .objectRef<AffiliateAggregateRow>('AffiliateSavingAggregate')
  .implement({
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'The user id.' }),
      username: t.exposeString('username'),
      email: t.exposeString('email'),
      forceClubId: t.exposeString('forceClubId', { nullable: true }),
      remittanceCount: t.exposeInt('remittanceCount'),
      totalSentHec: t.expose('totalSentHec', { type: 'Decimal' }),
      totalSentUsdValuation: t.expose('totalSentUsdValuation', { type: 'Decimal' }),
      totalHecPrincipal: t.expose('totalHecPrincipal', { type: 'Decimal' }),
      totalAtemPrincipal: t.expose('totalAtemPrincipal', { type: 'Decimal' }),
    }),
  });

pagedListQuery(AGGREGATES_LIST, {
  type: 'AffiliateSavingAggregateList',
  item: AffiliateSavingAggregateRef,
  description: 'Users with referral-plan remittances and their totals.',
  authScopes: { authenticated: true },
  args: (arg) => ({ input: arg({ type: AffiliateListInputRef, required: false }) }),
  pageInput: (args) => args.input?.pagination,
  load: (args, page, ctx) => ctx.services.referral.aggregates(args.input?.searchParams, page),
});
