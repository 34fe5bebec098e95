import { amountField, dateTimeField, hashColumn, rateField } from '@/components/data-table/columns';
import { ListScreen } from '@/components/list-screen';
import { TruncatedText } from '@/components/truncated-text';
import { USERS_SHAPE } from '@app/shared';
import { listView } from '@/lib/list-declaration';
import { defineListScreen } from '@/lib/list-query';
import { users } from '../api/users';
import { usersCSV } from '@/gql/list-exports';
import { CARD_STATUSES, CardStatusChip, useCardStatusLabel } from './card-status';

/**
 * The users list's URL, sort targets and variables come from its declaration (USERS_SHAPE, the
 * API's too); links already handed out keep their keys (the dashboard's New User opens the
 * registration days, business days sent as day bounds).
 */
const VIEW = listView(USERS_SHAPE, {
  keys: {
    totalBuyAmountMoreThanOrEqual: 'totalBuyMin',
    totalBuyAmountLessThanOrEqual: 'totalBuyMax',
    registeredAtFrom: 'registeredFrom',
    registeredAtUntil: 'registeredUntil',
  },
});

/** /common/users: every filter of the users call, server-side sort and pages, all in the URL. */
const USERS = defineListScreen({
  ...VIEW.data('arguments', users, usersCSV),
  label: (t) => t('users.listLabel'),
  storageKey: 'users',
  // Every declared filter, labelled `fields.<name>`: the screen says only what differs.
  fields: (t, cardStatusLabel: (status: number) => string) =>
    VIEW.fields(t, {
      userName: { hint: t('list.matchPrefix') },
      inviteCode: { hint: t('list.matchExactCase') },
      email: { hint: t('list.matchPrefix') },
      forceClubIdHash: { hint: t('list.matchExact') },
      totalBuyAmountMoreThanOrEqual: { label: t('fields.totalBuyAmountMin'), unit: 'USD' },
      totalBuyAmountLessThanOrEqual: { label: t('fields.totalBuyAmountMax'), unit: 'USD' },
      cardStatus: {
        label: t('cardStatus.label'),
        options: CARD_STATUSES.map((s) => ({ value: String(s), label: cardStatusLabel(s) })),
      },
    }),
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
    amountField(t, 'totalBuyAmountUsd', 'USD', { sortable: true }),
    amountField(t, 'totalHECStakedAmount', 'HEC', { sortable: true }),
    amountField(t, 'totalETHStakedAmount', 'ETH', { sortable: true }),
    amountField(t, 'totalSentAmount', 'HEC', { sortable: true, defaultHidden: true }),
    amountField(t, 'totalOwl', 'OWL', { sortable: true, defaultHidden: true }),
    rateField(t, 'savingRewardsRate', { sortable: true, defaultHidden: true }),
    rateField(t, 'referralRate', { sortable: true, defaultHidden: true }),
    dateTimeField(t, 'registeredAt', { sortable: true }),
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
