import {
  amountColumn,
  dateTimeColumn,
  hashColumn,
  rateColumn,
} from '@/components/data-table/columns';
import { ListScreen } from '@/components/list-screen';
import { TruncatedText } from '@/components/truncated-text';
import { dayEndIso, dayStartIso } from '@/lib/date-time';
import { defineList, type ListSearch } from '@/lib/list-query';
import { users } from '../api/users';
import { usersCsv } from '../api/users-csv';
import { CARD_STATUSES, CardStatusChip, useCardStatusLabel } from './card-status';

const FILTERS = {
  userName: 'text',
  inviteCode: 'text',
  email: 'text',
  forceClubIdHash: 'text',
  totalBuyMin: 'text',
  totalBuyMax: 'text',
  cardStatus: 'list',
  // Business days (YYYY-MM-DD), sent as day bounds; the dashboard's New User opens these.
  registeredFrom: 'text',
  registeredUntil: 'text',
} as const;

const blank = (value: string | undefined) => value?.trim() || undefined;

/** The URL's view as the filters of `users` and of `usersCSV` (one mapping for both). */
const usersFilters = (s: ListSearch<typeof FILTERS>) => ({
  userName: blank(s.userName),
  inviteCode: blank(s.inviteCode),
  email: blank(s.email),
  forceClubIdHash: blank(s.forceClubIdHash),
  totalBuyAmountMoreThanOrEqual: blank(s.totalBuyMin),
  totalBuyAmountLessThanOrEqual: blank(s.totalBuyMax),
  cardStatus: s.cardStatus?.map(Number),
  registeredAtFrom: dayStartIso(s.registeredFrom ?? ''),
  registeredAtUntil: dayEndIso(s.registeredUntil ?? ''),
});

/** /common/users: every filter of the users call, server-side sort and pages, all in the URL. */
const USERS = defineList({
  url: {
    filters: FILTERS,
    defaultSort: { target: 'id', orderBy: 'DESC' },
    // The server's sort targets for `users` (USERS_LIST): every column marked sortable below
    // must be one of them, or its header would write sort= to the URL and change nothing (the
    // sortable-headers browser test walks them all).
    sortTargets: [
      'id',
      'userName',
      'registeredAt',
      'totalBuyAmountUsd',
      'totalHECStakedAmount',
      'totalETHStakedAmount',
      'totalSentAmount',
      'totalOwl',
      'inviteCode',
      'email',
      'forceClubIdHash',
      'cardStatus',
      'savingRewardsRate',
      'referralRate',
    ],
  },
  query: { ...users, variables: (search, pagination) => ({ ...usersFilters(search), pagination }) },
  export: { ...usersCsv, variables: (search, sort) => ({ ...usersFilters(search), sort }) },
  label: (t) => t('users.listLabel'),
  storageKey: 'users',
  fields: (t, cardStatusLabel: (status: number) => string) => [
    { key: 'userName', label: t('fields.userName'), hint: t('list.matchPrefix') },
    { key: 'inviteCode', label: t('fields.inviteCode'), hint: t('list.matchExactCase') },
    { key: 'email', label: t('fields.email'), hint: t('list.matchPrefix') },
    { key: 'forceClubIdHash', label: t('fields.forceClubIdHash'), hint: t('list.matchExact') },
    { key: 'totalBuyMin', label: t('fields.totalBuyAmountMin'), type: 'decimal', unit: 'USD' },
    { key: 'totalBuyMax', label: t('fields.totalBuyAmountMax'), type: 'decimal', unit: 'USD' },
    { key: 'registeredFrom', label: t('fields.registeredAtFrom'), type: 'date' },
    { key: 'registeredUntil', label: t('fields.registeredAtUntil'), type: 'date' },
    {
      key: 'cardStatus',
      label: t('cardStatus.label'),
      type: 'chips',
      options: CARD_STATUSES.map((s) => ({ value: String(s), label: cardStatusLabel(s) })),
    },
  ],
  // Default columns fit a 1366 px laptop (docs/list-conventions.md): the rest are in the
  // column chooser.
  columns: (t) => [
    { id: 'id', label: t('fields.id'), render: (u) => u.id, sortable: true, hideable: false },
    {
      id: 'userName',
      label: t('fields.userName'),
      render: (u) => <TruncatedText text={u.userName} max={22} />,
      sortable: true,
      hideable: false,
      pinned: true,
    },
    {
      id: 'inviteCode',
      label: t('fields.inviteCode'),
      render: (u) => u.inviteCode,
      sortable: true,
      defaultHidden: true,
    },
    {
      id: 'email',
      label: t('fields.email'),
      render: (u) => <TruncatedText text={u.aubeUserInfo.email} max={22} />,
      sortable: true,
    },
    hashColumn({
      id: 'forceClubIdHash',
      label: t('fields.forceClubIdHash'),
      value: (u) => u.aubeUserInfo.forceClubIdHash,
      sortable: true,
      defaultHidden: true,
    }),
    {
      id: 'cardStatus',
      label: t('cardStatus.label'),
      render: (u) => <CardStatusChip status={u.cardStatus} />,
      sortable: true,
    },
    amountColumn({
      id: 'totalBuyAmountUsd',
      label: t('fields.totalBuyAmountUsd'),
      unit: 'USD',
      value: (u) => u.totalBuyAmountUsd,
      sortable: true,
    }),
    amountColumn({
      id: 'totalHECStakedAmount',
      label: t('fields.totalHECStakedAmount'),
      unit: 'HEC',
      value: (u) => u.totalHECStakedAmount,
      sortable: true,
    }),
    amountColumn({
      id: 'totalETHStakedAmount',
      label: t('fields.totalETHStakedAmount'),
      unit: 'ETH',
      value: (u) => u.totalETHStakedAmount,
      sortable: true,
    }),
    amountColumn({
      id: 'totalSentAmount',
      label: t('fields.totalSentAmount'),
      unit: 'HEC',
      value: (u) => u.totalSentAmount,
      sortable: true,
      defaultHidden: true,
    }),
    amountColumn({
      id: 'totalOwl',
      label: t('fields.totalOwl'),
      unit: 'OWL',
      value: (u) => u.totalOwl,
      sortable: true,
      defaultHidden: true,
    }),
    rateColumn({
      id: 'savingRewardsRate',
      label: t('fields.savingRewardsRate'),
      value: (u) => u.savingRewardsRate,
      sortable: true,
      defaultHidden: true,
    }),
    rateColumn({
      id: 'referralRate',
      label: t('fields.referralRate'),
      value: (u) => u.referralRate,
      sortable: true,
      defaultHidden: true,
    }),
    dateTimeColumn({
      id: 'registeredAt',
      label: t('fields.registeredAt'),
      value: (u) => u.registeredAt,
      sortable: true,
    }),
    hashColumn({
      id: 'aubeUserIdHash',
      label: t('fields.aubeUserIdHash'),
      value: (u) => u.aubeUserInfo.aubeUserIdHash,
      defaultHidden: true,
    }),
    {
      id: 'firstName',
      label: t('fields.firstName'),
      render: (u) => u.aubeUserInfo.firstName,
      defaultHidden: true,
    },
    {
      id: 'lastName',
      label: t('fields.lastName'),
      render: (u) => u.aubeUserInfo.lastName,
      defaultHidden: true,
    },
  ],
  getRowId: (u) => u.id,
  rowLink: {
    to: (u) => `/common/users/${u.id}`,
    label: (t, u) => t('users.openUser', { name: u.userName }),
  },
});

export function UsersPage() {
  return <ListScreen descriptor={USERS} context={useCardStatusLabel()} />;
}
