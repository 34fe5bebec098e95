import type { TFunction } from 'i18next';
import type { FilterFormField } from '@/components/list-filters';
import { TruncatedText } from '@/components/truncated-text';
import { hashColumn } from './columns';
import type { DataColumn } from './data-table';

// The parts every per-user list shares (coin-saving addresses, referral-plan aggregates,
// their remittances, track records), so the user's name, email and Force Club id read and
// behave the same on each.

/**
 * The user's name: what identifies the row, so pinned and never hidden. `id` keeps each
 * screen's saved column choice.
 */
function userNameColumn<Row>(
  t: TFunction,
  column: { id: string; value: (row: Row) => string },
): DataColumn<Row> {
  const { id, value } = column;
  return {
    id,
    label: t('fields.userName'),
    render: (r) => <TruncatedText text={value(r)} max={22} />,
    hideable: false,
    pinned: true,
  };
}

/** The user's email, offered in the column chooser. */
function userEmailColumn<Row>(t: TFunction, value: (row: Row) => string): DataColumn<Row> {
  return {
    id: 'email',
    label: t('fields.email'),
    render: (r) => <TruncatedText text={value(r)} max={22} />,
    defaultHidden: true,
  };
}

/** The user's Force Club id, offered in the column chooser. */
function forceClubIdColumn<Row>(
  t: TFunction,
  value: (row: Row) => string | null | undefined,
): DataColumn<Row> {
  return hashColumn({
    id: 'forceClubId',
    label: t('fields.forceClubId'),
    value,
    defaultHidden: true,
  });
}

/**
 * The user's name, email and (on the lists that carry it, `forceClubId`) Force Club id
 * columns, in that order, from the row's fields of those names; `name` is the name field,
 * which is also the column's id (each screen's saved column choice).
 */
export function userColumns<
  N extends string,
  Row extends Record<N, string> & { email: string; forceClubId?: string | null },
>(t: TFunction, name: N, { forceClubId = false } = {}): DataColumn<Row>[] {
  return [
    userNameColumn<Row>(t, { id: name, value: (r) => r[name] }),
    userEmailColumn<Row>(t, (r) => r.email),
    ...(forceClubId ? [forceClubIdColumn<Row>(t, (r) => r.forceClubId)] : []),
  ];
}

type FieldProps = { label: string; hint?: string };

/** A list view whose declaration filters by user name and email (prefix matches). */
type UserFilterView = {
  field: (name: 'userName' | 'email', props: FieldProps) => FilterFormField;
};

/** The user name and email filters, both prefix matches. */
export function userFilterFields(view: UserFilterView, t: TFunction): FilterFormField[] {
  return [
    view.field('userName', { label: t('fields.userName'), hint: t('list.matchPrefix') }),
    view.field('email', { label: t('fields.email'), hint: t('list.matchPrefix') }),
  ];
}

/** A list view that also filters by Force Club id (an exact match). */
type ForceClubFilterView = {
  field: (name: 'userName' | 'email' | 'forceClubId', props: FieldProps) => FilterFormField;
};

/** The user name and email filters, then the Force Club id (exact). */
export function forceClubUserFilterFields(view: ForceClubFilterView, t: TFunction) {
  return [
    ...userFilterFields(view, t),
    view.field('forceClubId', { label: t('fields.forceClubId'), hint: t('list.matchExact') }),
  ];
}
