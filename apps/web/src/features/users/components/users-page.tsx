import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DataColumn } from '@/components/data-table/data-table';
import { FilteredList } from '@/components/filtered-list';
import type { FilterField } from '@/components/list-filters';
import { TruncatedText } from '@/components/truncated-text';
import type { UsersQuery } from '@/gql/graphql';
import { formatAmount, formatUsd } from '@/lib/amount';
import { formatDateTime } from '@/lib/date-time';
import { useListState, type ListStateOptions } from '@/lib/list-state';
import { useUsers } from '../api/users';
import { CARD_STATUSES, CardStatusChip, useCardStatusLabel } from './card-status';
import '@/i18n/lists';

type UserRow = UsersQuery['users']['list'][number];

const FILTERS = {
  userName: 'text',
  inviteCode: 'text',
  email: 'text',
  forceClubIdHash: 'text',
  totalBuyMin: 'text',
  totalBuyMax: 'text',
  cardStatus: 'list',
} as const;

// The server's sort targets for `users` (schema description); other columns do not sort.
const LIST: ListStateOptions<typeof FILTERS> = {
  filters: FILTERS,
  defaultSort: { target: 'id', orderBy: 'DESC' },
  sortTargets: [
    'id',
    'userName',
    'registeredAt',
    'totalBuyAmountUsd',
    'totalHECStakedAmount',
    'totalETHStakedAmount',
    'totalSentAmount',
    'totalOwl',
  ],
};

const blank = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** /common/users: every filter of the users call, server-side sort and pages, all in the URL. */
export function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListState(LIST);
  const cardStatusLabel = useCardStatusLabel();
  const { filters } = list;
  const query = useUsers({
    userName: blank(filters.userName),
    inviteCode: blank(filters.inviteCode),
    email: blank(filters.email),
    forceClubIdHash: blank(filters.forceClubIdHash),
    totalBuyAmountMoreThanOrEqual: blank(filters.totalBuyMin),
    totalBuyAmountLessThanOrEqual: blank(filters.totalBuyMax),
    cardStatus: filters.cardStatus.length ? filters.cardStatus.map(Number) : undefined,
    pagination: list.pagination,
  });

  const fields: FilterField[] = [
    { key: 'userName', label: t('fields.userName') },
    { key: 'inviteCode', label: t('fields.inviteCode') },
    { key: 'email', label: t('fields.email') },
    { key: 'forceClubIdHash', label: t('fields.forceClubIdHash') },
    { key: 'totalBuyMin', label: t('fields.totalBuyAmountMin'), type: 'decimal', unit: 'USD' },
    { key: 'totalBuyMax', label: t('fields.totalBuyAmountMax'), type: 'decimal', unit: 'USD' },
    {
      key: 'cardStatus',
      label: t('cardStatus.label'),
      type: 'chips',
      options: CARD_STATUSES.map((s) => ({ value: String(s), label: cardStatusLabel(s) })),
    },
  ];

  const columns = useMemo<DataColumn<UserRow>[]>(
    () => [
      { id: 'id', label: t('fields.id'), render: (u) => u.id, sortable: true, hideable: false },
      {
        id: 'userName',
        label: t('fields.userName'),
        render: (u) => <TruncatedText text={u.userName} />,
        sortable: true,
        hideable: false,
      },
      {
        id: 'inviteCode',
        label: t('fields.inviteCode'),
        render: (u) => u.inviteCode,
        sortable: true,
      },
      {
        id: 'email',
        label: t('fields.email'),
        render: (u) => <TruncatedText text={u.aubeUserInfo.email} />,
        sortable: true,
      },
      {
        id: 'forceClubIdHash',
        label: t('fields.forceClubIdHash'),
        render: (u) => <TruncatedText text={u.aubeUserInfo.forceClubIdHash ?? ''} max={16} />,
        sortable: true,
      },
      {
        id: 'cardStatus',
        label: t('cardStatus.label'),
        render: (u) => <CardStatusChip status={u.cardStatus} />,
        sortable: true,
      },
      {
        id: 'totalBuyAmountUsd',
        label: t('fields.totalBuyAmountUsd'),
        render: (u) => formatUsd(u.totalBuyAmountUsd),
        sortable: true,
        align: 'right',
      },
      {
        id: 'totalHECStakedAmount',
        label: t('fields.totalHECStakedAmount'),
        render: (u) => formatAmount(u.totalHECStakedAmount, 'HEC'),
        sortable: true,
        align: 'right',
      },
      {
        id: 'totalETHStakedAmount',
        label: t('fields.totalETHStakedAmount'),
        render: (u) => formatAmount(u.totalETHStakedAmount, 'ETH'),
        sortable: true,
        align: 'right',
      },
      {
        id: 'totalSentAmount',
        label: t('fields.totalSentAmount'),
        render: (u) => formatAmount(u.totalSentAmount, 'HEC'),
        sortable: true,
        align: 'right',
      },
      {
        id: 'totalOwl',
        label: t('fields.totalOwl'),
        render: (u) => formatAmount(u.totalOwl, 'OWL'),
        sortable: true,
        align: 'right',
        defaultHidden: true,
      },
      {
        id: 'savingRewardsRate',
        label: t('fields.savingRewardsRate'),
        render: (u) => formatAmount(u.savingRewardsRate),
        sortable: true,
        align: 'right',
        defaultHidden: true,
      },
      {
        id: 'referralRate',
        label: t('fields.referralRate'),
        render: (u) => formatAmount(u.referralRate),
        sortable: true,
        align: 'right',
        defaultHidden: true,
      },
      {
        id: 'registeredAt',
        label: t('fields.registeredAt'),
        render: (u) => formatDateTime(u.registeredAt),
        sortable: true,
      },
      {
        id: 'aubeUserIdHash',
        label: t('fields.aubeUserIdHash'),
        render: (u) => <TruncatedText text={u.aubeUserInfo.aubeUserIdHash} max={16} />,
        defaultHidden: true,
      },
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
    [t],
  );

  return (
    <FilteredList
      list={list}
      query={query}
      fields={fields}
      label={t('users.listLabel')}
      storageKey="users"
      columns={columns}
      getRowId={(u) => u.id}
      onOpenRow={(u) => navigate(`/common/users/${u.id}`)}
      rowLabel={(u) => t('users.openUser', { name: u.userName })}
    />
  );
}
