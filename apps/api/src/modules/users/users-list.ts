import { USERS_SHAPE, USER_NAMES_SHAPE, EXPORT_UNIT_WORDS } from '@app/shared';
import type { ExportColumn } from '../../platform/exports';
import {
  defineExportedList,
  defineList,
  type FilterInput,
  type FilterValues,
} from '../../platform/lists';

/** A row of the users list and of its export (the repository's projection fills it). */
export type UserListRow = {
  id: number;
  userName: string;
  inviteCode: string;
  registeredAt: Date;
  cardStatus: number;
  savingRewardsRate: string;
  referralRate: string;
  totalHECStakedAmount: string;
  totalETHStakedAmount: string;
  totalBuyAmountUsd: string;
  totalSentAmount: string;
  totalOwl: string;
  email: string;
  aubeUserIdHash: string;
  firstName: string;
  lastName: string;
  birthDate: Date | null;
  enrollmentMonth: Date | null;
  forceClubRegisteredAt: Date | null;
  forceClubIdHash: string | null;
  avatarUrl: string | null;
  phoneNumber: string | null;
  twoFactor: boolean | null;
  bio: string | null;
  defaultLocale: string | null;
};

const USERS_EXPORT_COLUMNS: readonly ExportColumn<UserListRow>[] = [
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
    unit: EXPORT_UNIT_WORDS.zonedDateTime,
    example: '2026-01-31T09:00:00+09:00',
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
    unit: EXPORT_UNIT_WORDS.zonedDateTime,
    example: '2026-02-01T18:00:00+09:00',
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
];

/**
 * The users list, declared once (docs/list-conventions.md): `users` and `usersCSV` take these
 * filters and sort targets; the service's input, the repository's filter and the export's
 * parse are derived from them.
 */
export const USERS_LIST = defineExportedList(USERS_SHAPE, {
  name: 'users',
  fileName: 'users',
  columns: USERS_EXPORT_COLUMNS,
});

export type UsersSortTarget = (typeof USERS_LIST.sortTargets)[number];
/** The users filters as the service takes them (GraphQL's arguments). */
export type UsersFilterInput = FilterInput<typeof USERS_LIST.filters>;
/** The users filters as the repository takes them (checked by the service's `usersFilter`). */
export type UsersFilter = FilterValues<typeof USERS_LIST.filters>;

/** `userNames`: the light list of the pickers (id and name, the name matched by prefix). */
export const USER_NAMES_LIST = defineList(USER_NAMES_SHAPE);
export type UserNamesInput = FilterInput<typeof USER_NAMES_LIST.filters>;
export type UserNamesSortTarget = (typeof USER_NAMES_LIST.sortTargets)[number];
