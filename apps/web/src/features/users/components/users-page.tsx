import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  amountColumn,
  dateTimeColumn,
  hashColumn,
  rateColumn,
} from '@/components/data-table/columns';
import type { DataColumn } from '@/components/data-table/data-table';
import { ExportBar, ExportButton } from '@/components/export-button';
import { FilteredList } from '@/components/filtered-list';
import type { FilterField } from '@/components/list-filters';
import { TruncatedText } from '@/components/truncated-text';
import { dayEndIso, dayStartIso } from '@/lib/date-time';
import type { UsersQuery } from '@/gql/graphql';
import { useListState, type ListStateOptions } from '@/lib/list-state';
import { useUsers } from '../api/users';
import { usersCsvLink } from '../api/users-csv';
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
  // UTC calendar days (YYYY-MM-DD), sent as day bounds; the dashboard's New User opens these.
  registeredFrom: 'text',
  registeredUntil: 'text',
} as const;

// The server's sort targets for `users` (USERS_SORT_TARGETS): every column marked sortable
// below must be one of them, or its header would write sort= to the URL and change nothing
// (the sortable-headers browser test walks them all).
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
    'inviteCode',
    'email',
    'forceClubIdHash',
    'cardStatus',
    'savingRewardsRate',
    'referralRate',
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
  const variables = {
    userName: blank(filters.userName),
    inviteCode: blank(filters.inviteCode),
    email: blank(filters.email),
    forceClubIdHash: blank(filters.forceClubIdHash),
    totalBuyAmountMoreThanOrEqual: blank(filters.totalBuyMin),
    totalBuyAmountLessThanOrEqual: blank(filters.totalBuyMax),
    cardStatus: filters.cardStatus.length ? filters.cardStatus.map(Number) : undefined,
    registeredAtFrom: dayStartIso(filters.registeredFrom),
    registeredAtUntil: dayEndIso(filters.registeredUntil),
  };
  const query = useUsers({ ...variables, pagination: list.pagination });

  const fields: FilterField[] = [
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
  ];

  // Default columns fit a 1366 px laptop (docs/list-conventions.md): the rest are in the
  // column chooser.
  const columns = useMemo<DataColumn<UserRow>[]>(
    () => [
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
    [t],
  );

  return (
    <>
      <ExportBar>
        <ExportButton
          getLink={() => usersCsvLink({ ...variables, sort: list.pagination.sort })}
          rowCount={query.data?.pagination.totalRecords}
        />
      </ExportBar>
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
    </>
  );
}
