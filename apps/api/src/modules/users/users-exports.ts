import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { defineExport, type ExportFilterInput } from '../../platform/exports';
import { toPageRequest, type PageRequestInput } from '../../shared/page';
import { USERS_SORT_TARGETS, usersExportQuery } from './users-repository';
import { usersFilter, type UsersFilterInput } from './users-service';

/** `usersCSV`: the users list's filters and sort, every page (docs/api.md, "Exports"). */
export function usersExport(db: Kysely<DB>) {
  return defineExport({
    name: 'users',
    fileName: 'users',
    parseFilters: (input: ExportFilterInput) => ({
      filter: usersFilter(input as UsersFilterInput),
      sort: toPageRequest({ sort: input.sort } as PageRequestInput, USERS_SORT_TARGETS, {
        target: 'id',
        orderBy: 'desc',
      }).sort,
    }),
    query: ({ filter, sort }) => usersExportQuery(db, filter, sort),
    columns: [
      { key: 'id', header: 'id', meaning: 'User id', type: 'integer', example: '1024' },
      {
        key: 'userName',
        header: 'userName',
        meaning: 'User name',
        type: 'text',
        example: 'alice01',
      },
      {
        key: 'email',
        header: 'email',
        meaning: 'Email address',
        type: 'text',
        example: 'alice@example.com',
      },
      {
        key: 'inviteCode',
        header: 'inviteCode',
        meaning: 'Invite code',
        type: 'text',
        example: 'K7Q2M9',
      },
      {
        key: 'cardStatus',
        header: 'cardStatus',
        meaning: 'Card status: 0 None, 1 Emerald, 2 Ruby, 3 Sapphire, 4 Gold, 5 Platinum, 6 Black',
        type: 'integer',
        example: '4',
      },
      {
        key: 'totalBuyAmountUsd',
        header: 'totalBuyAmountUsd',
        meaning: 'Total bought',
        type: 'decimal',
        unit: 'USD',
        example: '1500.00',
      },
      {
        key: 'totalHECStakedAmount',
        header: 'totalHECStakedAmount',
        meaning: 'HEC staked',
        type: 'decimal',
        unit: 'HEC',
        example: '1.000000000000000001',
      },
      {
        key: 'totalETHStakedAmount',
        header: 'totalETHStakedAmount',
        meaning: 'ETH staked',
        type: 'decimal',
        unit: 'ETH',
        example: '0.5',
      },
      {
        key: 'totalSentAmount',
        header: 'totalSentAmount',
        meaning: 'HEC sent to saving addresses',
        type: 'decimal',
        unit: 'HEC',
        example: '250',
      },
      {
        key: 'totalOwl',
        header: 'totalOwl',
        meaning: 'OWL total',
        type: 'decimal',
        unit: 'OWL',
        example: '12.5',
      },
      {
        key: 'savingRewardsRate',
        header: 'savingRewardsRate',
        meaning: 'Saving rewards rate',
        type: 'decimal',
        unit: 'fraction (0.035 = 3.5%)',
        example: '0.035',
      },
      {
        key: 'referralRate',
        header: 'referralRate',
        meaning: 'Referral rate',
        type: 'decimal',
        unit: 'fraction (0.05 = 5%)',
        example: '0.05',
      },
      {
        key: 'registeredAt',
        header: 'registeredAt',
        meaning: 'Registered at',
        type: 'datetime',
        unit: 'ISO-8601 UTC',
        example: '2026-01-31T00:00:00.000Z',
      },
      {
        key: 'aubeUserIdHash',
        header: 'aubeUserIdHash',
        meaning: 'Aube user id hash',
        type: 'text',
        example: '9f2c…',
      },
      {
        key: 'firstName',
        header: 'firstName',
        meaning: 'First name',
        type: 'text',
        example: 'Hanako',
      },
      {
        key: 'lastName',
        header: 'lastName',
        meaning: 'Last name',
        type: 'text',
        example: 'Yamada',
      },
      {
        key: 'forceClubIdHash',
        header: 'forceClubIdHash',
        meaning: 'Force Club id hash',
        type: 'text',
        example: 'fc_3a9…',
      },
      {
        key: 'forceClubRegisteredAt',
        header: 'forceClubRegisteredAt',
        meaning: 'Registered at the Force Club',
        type: 'datetime',
        unit: 'ISO-8601 UTC',
        example: '2026-02-01T09:00:00.000Z',
      },
      {
        key: 'phoneNumber',
        header: 'phoneNumber',
        meaning: 'Phone number',
        type: 'text',
        example: '+81 90 1234 5678',
      },
      {
        key: 'defaultLocale',
        header: 'defaultLocale',
        meaning: 'Language of the app',
        type: 'text',
        example: 'ja',
      },
    ],
  });
}
