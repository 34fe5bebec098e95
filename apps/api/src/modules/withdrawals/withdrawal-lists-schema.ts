import { WITHDRAWAL_TIMELINE_OPERATIONS, type WithdrawalKind } from '@app/shared';
import { builder } from '../../graphql/builder';
import { filterInputFields } from '../../graphql/filter-fields';
import { pagedListQuery, searchListInput } from '../../graphql/pagination';
import type { PageRequestInput } from '../../shared/page';
import type { ApproverContext, WithdrawalListRow } from './withdrawals-repository';
import type { TimelineEvent } from './withdrawal-timeline';
import { WITHDRAWAL_LIST_CALLS, WITHDRAWALS_LIST } from './withdrawals-list';
import { PaidAmountRef, paidAmounts } from './withdrawal-paid-amounts';
import { RejectCodeRef, WithdrawalKindRef, WithdrawalStatusRef } from './withdrawal-types';

// Declared beside the lists (the upload commands are named after them); offered here as before.
export { WITHDRAWAL_LIST_CALLS };

type Approval = { adminUserId: number | null; adminUserName: string; approvedAt: Date };
type ListRow = WithdrawalListRow & { context: ApproverContext | null; approvals: Approval[] };
type StatusCount = { status: WithdrawalListRow['status']; count: number };

const ApprovalRef = builder.objectRef<Approval>('WithdrawalApproval').implement({
  fields: (t) => ({
    adminUserId: t.exposeInt('adminUserId', { nullable: true }),
    adminUserName: t.exposeString('adminUserName'),
    approvedAt: t.expose('approvedAt', { type: 'DateTime' }),
  }),
});

const StatusCountRef = builder.objectRef<StatusCount>('WithdrawalStatusCount').implement({
  fields: (t) => ({
    status: t.expose('status', { type: WithdrawalStatusRef }),
    count: t.exposeInt('count'),
  }),
});

const AmountPartsRef = builder
  .objectRef<{ principal: string; reward: string; fee: string }>('WithdrawalAmountParts')
  .implement({
    description: 'A principal withdrawal pays one coin as principal + reward - fee.',
    fields: (t) => ({
      principal: t.expose('principal', { type: 'Decimal' }),
      reward: t.expose('reward', { type: 'Decimal' }),
      fee: t.expose('fee', { type: 'Decimal' }),
    }),
  });

const ContextRef = builder.objectRef<ApproverContext>('WithdrawalApproverContext').implement({
  description:
    'What an approver sees before approving: the same user’s other withdrawals in this coin (not rejected) of the last 24 h and 30 days, when the receiving address first appeared in our data and how many other users used it.',
  fields: (t) => ({
    userCount24h: t.exposeInt('userCount24h'),
    userAmount24h: t.expose('userAmount24h', { type: 'Decimal' }),
    userCount30d: t.exposeInt('userCount30d'),
    userAmount30d: t.expose('userAmount30d', { type: 'Decimal' }),
    addressFirstSeenAt: t.expose('addressFirstSeenAt', { type: 'DateTime', nullable: true }),
    addressOtherUsers: t.exposeInt('addressOtherUsers'),
  }),
});

const parts = (principal: string | null, reward: string | null, fee: string | null) =>
  principal !== null && reward !== null && fee !== null ? { principal, reward, fee } : null;

export const WithdrawalRequestRef = builder.objectRef<ListRow>('WithdrawalRequest').implement({
  description:
    'A withdrawal request of any kind: the shared fields of spec section 3 and every variant’s own (null where the kind has none), its approvals and the approver context.',
  fields: (t) => ({
    id: t.exposeString('id'),
    kind: t.expose('kind', { type: WithdrawalKindRef }),
    status: t.expose('status', { type: WithdrawalStatusRef }),
    revision: t.exposeInt('revision', {
      description: 'Changes with every change of the request; an approval names it.',
    }),
    requestedAt: t.expose('requestedAt', { type: 'DateTime' }),
    approvedAt: t.expose('approvedAt', { type: 'DateTime', nullable: true }),
    processingAt: t.expose('processingAt', { type: 'DateTime', nullable: true }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true }),
    failedAt: t.expose('failedAt', { type: 'DateTime', nullable: true }),
    rejectedAt: t.expose('rejectedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    transactionHash: t.exposeString('transactionHash', { nullable: true }),
    hecTransactionHash: t.string({
      nullable: true,
      description: 'Principal withdrawals: the HEC transfer (transactionHash).',
      resolve: (w) => (w.kind === 'payment_paid_value' ? w.transactionHash : null),
    }),
    ethTransactionHash: t.exposeString('ethTransactionHash', { nullable: true }),
    address: t.exposeString('receiverAddress', { description: 'Same as receiverAddress.' }),
    receiverAddress: t.exposeString('receiverAddress'),
    hecReceiverAddress: t.string({
      nullable: true,
      resolve: (w) => (w.kind === 'payment_paid_value' ? w.receiverAddress : null),
    }),
    ethReceiverAddress: t.exposeString('ethReceiverAddress', { nullable: true }),
    userId: t.exposeInt('userId'),
    userName: t.exposeString('userName'),
    username: t.exposeString('userName', { description: 'Same as userName.' }),
    email: t.exposeString('email'),
    userRegisteredAt: t.expose('userRegisteredAt', { type: 'DateTime' }),
    aubeUserIdHash: t.exposeString('aubeUserIdHash'),
    forceClubIdHash: t.exposeString('forceClubIdHash', { nullable: true }),
    userSavingSentValueId: t.exposeString('userSavingSentValueId', { nullable: true }),
    userAffiliateSavingSentValueId: t.exposeString('userAffiliateSavingSentValueId', {
      nullable: true,
    }),
    userPaymentPaidValueId: t.exposeString('userPaymentPaidValueId', { nullable: true }),
    coinTypeName: t.exposeString('coinTypeName'),
    requestedAmount: t.expose('requestedAmount', { type: 'Decimal' }),
    requestedHecAmount: t.field({
      type: 'Decimal',
      nullable: true,
      resolve: (w) => (w.coinTypeName === 'HEC' ? w.requestedAmount : null),
    }),
    feeHecAmount: t.field({
      type: 'Decimal',
      nullable: true,
      resolve: (w) => (w.coinTypeName === 'HEC' ? w.fee : null),
    }),
    reward: t.field({
      type: 'Decimal',
      description: 'The gross amount (proportional and affiliate bonus).',
      resolve: (w) => w.requestedAmount,
    }),
    fee: t.expose('fee', { type: 'Decimal' }),
    netAmount: t.expose('netAmount', { type: 'Decimal' }),
    ethAmount: t.field({
      type: AmountPartsRef,
      nullable: true,
      resolve: (w) => parts(w.ethPrincipal, w.ethReward, w.ethFee),
    }),
    hecAmount: t.field({
      type: AmountPartsRef,
      nullable: true,
      resolve: (w) => parts(w.hecPrincipal, w.hecReward, w.hecFee),
    }),
    paidAmounts: t.field({
      type: [PaidAmountRef],
      description:
        'What the request pays, per coin: coinTypeName’s amount, and a principal withdrawal’s ETH; a principal withdrawal lists only the coins it pays more than 0 in (docs/domain.md). The screens show this, not requestedAmount alone.',
      resolve: (w) =>
        paidAmounts({
          ...w,
          coinType: w.coinTypeName,
          amount: w.requestedAmount,
        }),
    }),
    metaxEmail: t.exposeString('metaxEmail', { nullable: true }),
    rejectCode: t.exposeString('rejectCode', { nullable: true }),
    rejectReason: t.exposeString('rejectReason', { nullable: true }),
    failureReason: t.exposeString('failureReason', { nullable: true }),
    exportBatchId: t.exposeString('exportBatchId', { nullable: true }),
    requiredApprovals: t.exposeInt('requiredApprovals', {
      description: 'Approvals this request needs: 2 above its coin threshold, else 1.',
    }),
    approvals: t.field({ type: [ApprovalRef], resolve: (w) => w.approvals }),
    awaitingOver24h: t.exposeBoolean('awaitingOver24h', {
      description: 'Requested more than 24 hours ago and still awaiting approval.',
    }),
    context: t.expose('context', { type: ContextRef, nullable: true }),
  }),
});

export const WithdrawalSearchParamsRef = builder.inputType('WithdrawalSearchParams', {
  description:
    'Filters of the withdrawal lists: status, user (id, exact name or email, any case), requested-at range, address or transaction hash (exact, any case), amount range, awaiting approval > 24 h.',
  fields: (t) => filterInputFields(t, WITHDRAWALS_LIST.filters, { status: WithdrawalStatusRef }),
});

const WithdrawalListInputRef = searchListInput('WithdrawalListInput', WithdrawalSearchParamsRef);

const SORT_NOTE = 'requestedAt ascending is the age sort, oldest first.';

/** The eight spec calls and one generic call taking the kind: one implementation. */
function declareList(name: string, type: string, kind: WithdrawalKind | null): void {
  pagedListQuery(
    { ...WITHDRAWALS_LIST, call: name },
    {
      type,
      item: WithdrawalRequestRef,
      description: kind
        ? `Withdrawal requests of kind ${kind}, input {searchParams, pagination}, with the status tabs' counts. ${SORT_NOTE}`
        : `Withdrawal requests of the given kind (the one call the web app's eight screens share). ${SORT_NOTE}`,
      authScopes: { authenticated: true },
      args: (arg) => ({
        ...(kind ? {} : { kind: arg({ type: WithdrawalKindRef, required: true }) }),
        input: arg({ type: WithdrawalListInputRef, required: false }),
      }),
      pageInput: (args) => (args.input?.pagination ?? undefined) as PageRequestInput,
      load: (args, page, ctx) =>
        ctx.services.withdrawals.list(
          kind ?? (args as { kind: WithdrawalKind }).kind,
          args.input?.searchParams ?? {},
          page,
        ),
      extraFields: (t) => ({
        statusCounts: t.expose('statusCounts', {
          type: [StatusCountRef],
          description:
            'Per status, how many requests match the searchParams without their status (the status tabs).',
        }),
      }),
    },
  );
}

declareList('withdrawalRequests', 'WithdrawalRequestList', null);
for (const [kind, call] of Object.entries(WITHDRAWAL_LIST_CALLS) as Array<[WithdrawalKind, string]>)
  declareList(call, `${call[0]!.toUpperCase()}${call.slice(1)}List`, kind);

const TimelineOperationRef = builder.enumType('WithdrawalTimelineOperation', {
  description:
    'requested (the request itself), or the audited operation that changed the request (the audit events that target a withdrawal request).',
  values: WITHDRAWAL_TIMELINE_OPERATIONS,
});

const TimelineEventRef = builder.objectRef<TimelineEvent>('WithdrawalTimelineEvent').implement({
  fields: (t) => ({
    at: t.expose('at', { type: 'DateTime' }),
    operation: t.expose('operation', { type: TimelineOperationRef }),
    adminUserName: t.exposeString('adminUserName', { nullable: true }),
    fromStatus: t.expose('fromStatus', { type: WithdrawalStatusRef, nullable: true }),
    toStatus: t.expose('toStatus', { type: WithdrawalStatusRef, nullable: true }),
    approvals: t.exposeInt('approvals', {
      nullable: true,
      description: 'After an approval: the approvals the request has.',
    }),
    requiredApprovals: t.exposeInt('requiredApprovals', {
      nullable: true,
      description: 'After an approval: the approvals the request needs.',
    }),
    rejectCode: t.expose('rejectCode', { type: RejectCodeRef, nullable: true }),
    rejectReason: t.exposeString('rejectReason', { nullable: true }),
    failureReason: t.exposeString('failureReason', { nullable: true }),
    transactionHash: t.exposeString('transactionHash', { nullable: true }),
    ethTransactionHash: t.exposeString('ethTransactionHash', {
      nullable: true,
      description: "A principal withdrawal's ETH transaction hash.",
    }),
    exportBatchId: t.exposeID('exportBatchId', {
      nullable: true,
      description: 'The signing export batch that took the request.',
    }),
  }),
});

builder.queryField('withdrawalRequestTimeline', (t) =>
  t.field({
    description:
      'Every transition of one withdrawal request with who and when, from the audit trail (the request itself first).',
    type: [TimelineEventRef],
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.withdrawals.timeline(String(args.id)),
  }),
);
