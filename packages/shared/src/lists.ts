import {
  CONTACT_STATUSES,
  PAYMENT_STATUSES,
  WITHDRAWAL_KINDS,
  WITHDRAWAL_STATUSES,
} from './domain-values';

/**
 * Every paged list's filters, sort targets and default sort, declared once for both sides
 * (docs/list-conventions.md, "A list, declared once"). The API adds its export's columns and
 * derives its arguments, inputs and export parse from these (`defineList`, platform/lists);
 * the web app derives a screen's URL keys, variables, sort targets and filter kinds from them
 * (`listUrl`, `listFilterVariables`, lib/list-declaration.ts). Nothing here is per side.
 */

/** The GraphQL scalars a filter can be. */
export type FilterScalar = 'String' | 'Int' | 'Decimal' | 'DateTime' | 'Boolean';

/**
 * One optional filter of a list: its GraphQL type (a scalar, or an enum's values: the schema
 * file hands the enum's type in), whether a list of it, and a description for the contract.
 * A `DateTime` filter whose name ends in `Until` is a range's inclusive end (the web app sends
 * a business day's last instant for it), any other its start. `oneOf`: a text filter's values,
 * checked by the service (the contract keeps text); the web app sends no other.
 */
export type FilterField =
  | { type: FilterScalar; list?: true; description?: string; oneOf?: readonly string[] }
  | { type: 'Enum'; values: readonly string[]; list?: true; description?: string };

/** A list's filters by name, in the order the contract shows them. */
export type Filters = Record<string, FilterField>;

/** No filters (a list without filters, only a sort). */
export type NoFilters = Record<never, FilterField>;

/** A list's CSV export as both sides know it: its GraphQL query and its own filters. */
export type ListShapeExport = {
  call: string;
  /** Filters only the export takes, after the list's (the download centre's range). */
  filters?: Filters;
};

/** What both sides know of a list: its call, filters, sorts and its export's call. */
export type ListShape<
  F extends Filters,
  T extends string,
  E extends ListShapeExport | undefined = ListShapeExport | undefined,
> = {
  /** The GraphQL list query (`users`). */
  call: string;
  filters: F;
  sortTargets: readonly T[];
  defaultSort: { target: T; orderBy: 'asc' | 'desc' };
  /** The list's CSV export: it takes exactly the list's filters and sort, and its own. */
  export: E;
};

/** Declares a list's shape; only here so the literal types are kept. */
function listShape<
  const F extends Filters,
  const T extends string,
  const E extends ListShapeExport | undefined = undefined,
>(shape: Omit<ListShape<F, T, E>, 'export'> & { export?: E }): ListShape<F, T, E> {
  return shape as ListShape<F, T, E>;
}

/** users and usersCSV. Every sort has an index whose order is (column, id) (users-repository.ts). */
export const USERS_SHAPE = listShape({
  call: 'users',
  filters: {
    userName: { type: 'String' },
    inviteCode: { type: 'String' },
    email: { type: 'String' },
    forceClubIdHash: { type: 'String' },
    totalBuyAmountMoreThanOrEqual: { type: 'Decimal' },
    totalBuyAmountLessThanOrEqual: { type: 'Decimal' },
    cardStatus: { type: 'Int', list: true },
    /** Registration time, both ends inclusive (the dashboard's New User figure opens this). */
    registeredAtFrom: { type: 'DateTime' },
    registeredAtUntil: { type: 'DateTime' },
  },
  sortTargets: [
    'id',
    'inviteCode',
    'forceClubIdHash',
    'cardStatus',
    'savingRewardsRate',
    'referralRate',
    'registeredAt',
    'totalBuyAmountUsd',
    'totalHECStakedAmount',
    'totalETHStakedAmount',
    'totalSentAmount',
    'totalOwl',
    'userName',
    'email',
  ],
  defaultSort: { target: 'id', orderBy: 'desc' },
  export: { call: 'usersCSV' },
});

/** `userNames`: the light list of the pickers (id and name, the name matched by prefix). */
export const USER_NAMES_SHAPE = listShape({
  call: 'userNames',
  filters: { userName: { type: 'String' } },
  sortTargets: ['userName', 'id'],
  defaultSort: { target: 'userName', orderBy: 'asc' },
});

/** The withdrawal lists' `searchParams` (the eight spec calls and `withdrawalRequests`). */
export const WITHDRAWALS_SHAPE = listShape({
  call: 'withdrawalRequests',
  filters: {
    status: { type: 'Enum', values: WITHDRAWAL_STATUSES },
    userId: { type: 'Int' },
    userName: { type: 'String' },
    email: { type: 'String' },
    requestedAtFrom: { type: 'DateTime' },
    requestedAtUntil: { type: 'DateTime' },
    /** Receiving address (either address of a principal withdrawal), any letter case. */
    address: { type: 'String' },
    /** Transaction hash (either hash), any letter case. */
    transactionHash: { type: 'String' },
    amountFrom: { type: 'Decimal' },
    amountTo: { type: 'Decimal' },
    /** Requested more than 24 hours ago and still awaiting approval. */
    awaitingOver24h: { type: 'Boolean' },
  },
  sortTargets: ['requestedAt', 'id', 'amount', 'status'],
  defaultSort: { target: 'requestedAt', orderBy: 'desc' },
});

/** `userWithdrawalHistory`: one user's requests, of every kind and status unless narrowed. */
export const USER_WITHDRAWALS_SHAPE = listShape({
  call: 'userWithdrawalHistory',
  filters: {
    kind: { type: 'Enum', values: WITHDRAWAL_KINDS },
    status: { type: 'Enum', values: WITHDRAWAL_STATUSES },
  },
  sortTargets: ['requestedAt', 'id'],
  defaultSort: { target: 'requestedAt', orderBy: 'desc' },
});

/** `withdrawalExportBatches`: the signing exports of one kind (required), newest first. */
export const EXPORT_BATCHES_SHAPE = listShape({
  call: 'withdrawalExportBatches',
  filters: {},
  sortTargets: ['createdAt'],
  defaultSort: { target: 'createdAt', orderBy: 'desc' },
});

/** `userPayments` (in `input`) and `userPaymentsCSV`. Each sort: an index of 0011 ending in id. */
export const PAYMENTS_SHAPE = listShape({
  call: 'userPayments',
  filters: {
    userId: { type: 'Int' },
    userName: { type: 'String', description: 'Exact user name (case-insensitive).' },
    paymentStatus: {
      type: 'String',
      description: 'pending, confirmed, asset_fixed or canceled.',
      oneOf: PAYMENT_STATUSES,
    },
    confirmedAtFrom: { type: 'DateTime' },
    confirmedAtUntil: { type: 'DateTime' },
    assetFixedAtFrom: { type: 'DateTime' },
    assetFixedAtUntil: { type: 'DateTime' },
  },
  sortTargets: ['userPaymentId', 'confirmedAt', 'assetFixedAt'],
  defaultSort: { target: 'userPaymentId', orderBy: 'desc' },
  export: { call: 'userPaymentsCSV' },
});

/** `assetUnFixedPayments`: the window's end is required, beside the declaration. */
export const UNFIXED_PAYMENTS_SHAPE = listShape({
  call: 'assetUnFixedPayments',
  filters: { confirmedAtFrom: { type: 'DateTime' } },
  sortTargets: ['confirmedAt'],
  defaultSort: { target: 'confirmedAt', orderBy: 'asc' },
});

/** `auditLogs` and `auditLogsCsv` (super admins only). */
export const AUDIT_SHAPE = listShape({
  call: 'auditLogs',
  filters: {
    adminUserId: { type: 'Int' },
    operation: { type: 'String' },
    targetType: { type: 'String' },
    targetId: { type: 'String' },
    dateFrom: { type: 'DateTime' },
    dateUntil: { type: 'DateTime' },
    /** Only refusals (REFUSAL_OPERATIONS: accessRefused, actionRefused, requestRefused). */
    refusals: { type: 'Boolean' },
  },
  sortTargets: ['id', 'occurredAt', 'operation', 'adminUserName'],
  defaultSort: { target: 'id', orderBy: 'desc' },
  export: { call: 'auditLogsCsv' },
});

/** The search of the track records and the aggregates (`searchParams`). */
const AFFILIATE_SEARCH = {
  userName: { type: 'String' },
  email: { type: 'String' },
  forceClubId: { type: 'String' },
} as const satisfies Filters;

/** `affiliateTrackRecords` (in `input.searchParams`) and `referralRewardsCsv`. */
export const TRACK_RECORDS_SHAPE = listShape({
  call: 'affiliateTrackRecords',
  filters: AFFILIATE_SEARCH,
  sortTargets: ['userId', 'numberOfChildren'],
  defaultSort: { target: 'userId', orderBy: 'desc' },
  export: { call: 'referralRewardsCsv' },
});

/** `affiliateSavingAggregates` and its CSV, the same search. */
export const AGGREGATES_SHAPE = listShape({
  call: 'affiliateSavingAggregates',
  filters: AFFILIATE_SEARCH,
  sortTargets: ['id', 'totalSentHec'],
  defaultSort: { target: 'id', orderBy: 'desc' },
  export: { call: 'affiliateSavingAggregatesCsv' },
});

/**
 * The download centre's optional confirmation range (inclusive): an export-only extra of the
 * remittance exports (types 1 and 3), since the centre offers a range its lists do not.
 */
const CONFIRMED_RANGE = {
  confirmedAtFrom: { type: 'DateTime' },
  confirmedAtUntil: { type: 'DateTime' },
} as const satisfies Filters;

/** The search of the referral-plan remittances and of the deposit addresses (`searchParams`). */
const SAVING_SEARCH = {
  userName: { type: 'String' },
  email: { type: 'String' },
} as const satisfies Filters;

/** `userSavings` and `hecSavingRemittanceHistoryCsv` (download centre type 1, with its range). */
export const USER_SAVINGS_SHAPE = listShape({
  call: 'userSavings',
  filters: {
    userName: { type: 'String' },
    planName: { type: 'String' },
  },
  sortTargets: ['confirmedAt'],
  defaultSort: { target: 'confirmedAt', orderBy: 'desc' },
  export: { call: 'hecSavingRemittanceHistoryCsv', filters: CONFIRMED_RANGE },
});

/** `affiliateSavingRemittances` (in `input.searchParams`) and its CSV (type 3, with its range). */
export const AFFILIATE_REMITTANCES_SHAPE = listShape({
  call: 'affiliateSavingRemittances',
  filters: SAVING_SEARCH,
  sortTargets: ['confirmedAt'],
  defaultSort: { target: 'confirmedAt', orderBy: 'desc' },
  export: { call: 'referralPlanRemittanceHistoryCsv', filters: CONFIRMED_RANGE },
});

/** Each coin-saving user's deposit addresses: `hecSavingAddresses` and its CSV. */
export const SAVING_ADDRESSES_SHAPE = listShape({
  call: 'hecSavingAddresses',
  filters: SAVING_SEARCH,
  sortTargets: ['id'],
  defaultSort: { target: 'id', orderBy: 'desc' },
  export: { call: 'hecSavingAddressesCsv' },
});

/** One user's coin-saving remittances: no filters but the required user. */
export const USER_SAVING_HISTORY_SHAPE = listShape({
  call: 'userHecSavingRemittanceHistory',
  filters: {},
  sortTargets: USER_SAVINGS_SHAPE.sortTargets,
  defaultSort: USER_SAVINGS_SHAPE.defaultSort,
});

/** One user's referral-plan remittances: no filters but the required user. */
export const USER_AFFILIATE_HISTORY_SHAPE = listShape({
  call: 'userAffiliateSavingRemittanceHistory',
  filters: {},
  sortTargets: USER_SAVINGS_SHAPE.sortTargets,
  defaultSort: USER_SAVINGS_SHAPE.defaultSort,
});

/** The support inquiries (`userContacts`). */
export const CONTACTS_SHAPE = listShape({
  call: 'userContacts',
  filters: {
    userName: { type: 'String' },
    assigneeUserName: { type: 'String' },
    /** One of CONTACT_STATUSES, checked by the service (text in the contract). */
    userContactStatus: { type: 'String', oneOf: CONTACT_STATUSES },
    datetimeFrom: { type: 'DateTime' },
    datetimeUntil: { type: 'DateTime' },
    /** Only inquiries nobody is assigned to. */
    unassigned: { type: 'Boolean' },
  },
  // openFirst: backlog, then wip, then closed, each by contactedAt (0160's index).
  sortTargets: ['contactedAt', 'statusChangedAt', 'id', 'openFirst'],
  defaultSort: { target: 'contactedAt', orderBy: 'desc' },
});

/** The notifications (`notifications`). */
export const NOTIFICATIONS_SHAPE = listShape({
  call: 'notifications',
  filters: {
    /** ja or en, checked by the service (text in the contract). */
    language: { type: 'String' },
  },
  sortTargets: ['notifiedAt', 'id'],
  defaultSort: { target: 'notifiedAt', orderBy: 'desc' },
});

/** Sends, newest first; of one notification when notificationId is given. */
export const MAIL_SENDS_SHAPE = listShape({
  call: 'mailSends',
  filters: { notificationId: { type: 'Int' } },
  sortTargets: ['id'],
  defaultSort: { target: 'id', orderBy: 'desc' },
});

/** The recipients of one send (the required mailSendId), by delivery status. */
export const MAIL_RECIPIENTS_SHAPE = listShape({
  call: 'mailRecipients',
  filters: {
    /** One of MAIL_STATUSES, checked by the service (text in the contract). */
    status: { type: 'String' },
  },
  sortTargets: ['id'],
  defaultSort: { target: 'id', orderBy: 'asc' },
});

/** `csvImports`: applied imports of the required kinds, newest first; no filters beside. */
export const CSV_IMPORTS_SHAPE = listShape({
  call: 'csvImports',
  filters: {},
  sortTargets: ['id'],
  defaultSort: { target: 'id', orderBy: 'desc' },
});

/** Every declared list (the tests that hold the screens and documents to them walk these). */
export const LIST_SHAPES: readonly ListShape<Filters, string>[] = [
  USERS_SHAPE,
  USER_NAMES_SHAPE,
  WITHDRAWALS_SHAPE,
  USER_WITHDRAWALS_SHAPE,
  EXPORT_BATCHES_SHAPE,
  PAYMENTS_SHAPE,
  UNFIXED_PAYMENTS_SHAPE,
  AUDIT_SHAPE,
  TRACK_RECORDS_SHAPE,
  AGGREGATES_SHAPE,
  USER_SAVINGS_SHAPE,
  AFFILIATE_REMITTANCES_SHAPE,
  SAVING_ADDRESSES_SHAPE,
  USER_SAVING_HISTORY_SHAPE,
  USER_AFFILIATE_HISTORY_SHAPE,
  CONTACTS_SHAPE,
  NOTIFICATIONS_SHAPE,
  MAIL_SENDS_SHAPE,
  MAIL_RECIPIENTS_SHAPE,
  CSV_IMPORTS_SHAPE,
];
