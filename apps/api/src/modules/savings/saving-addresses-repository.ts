import { sql } from 'kysely';
import { whereUserPrefix } from '../../db/end-user-keys';
import type { Executor } from '../../db/executor';
import { countBuckets, countListRows, type CountRule } from '../../db/count-buckets';
import type { ListSort } from '../../platform/lists';
import type { Page, PageRequest } from '../../shared/page';
import type { SavingAddressRecord, SavingSearch } from './savings-list';

export type { SavingAddressRecord };

/** The addresses' search (hecSavingAddresses has no range). */
type SavingAddressesFilter = Pick<SavingSearch, 'userName' | 'email'>;

/** No bucket filter: unfiltered, the list is the 1-year plan's address bucket. */
const ADDRESSES_COUNT_RULE = {
  userName: 'index',
  email: 'index',
} as const satisfies CountRule<SavingAddressesFilter>;

const addressOf = (term: number) =>
  sql<
    string | null
  >`(SELECT a.address FROM saving_deposit_addresses a JOIN saving_plans p ON p.id = a.saving_plan_id WHERE a.end_user_id = f.end_user_id AND p.term_years = ${term})`;

/**
 * The records the list and its export read: the 1-year plan's addresses (the first generated
 * of a user's four) of the users matching the search.
 */
const addressRecords = (db: Executor, filter: SavingAddressesFilter) =>
  // Name and email match from the start, case-insensitively, as on every list.
  whereUserPrefix(
    db
      .selectFrom('saving_deposit_addresses as f')
      .innerJoin('end_users as u', 'u.id', 'f.end_user_id')
      .where(
        'f.saving_plan_id',
        '=',
        sql<number>`(SELECT id FROM saving_plans WHERE term_years = 1)`,
      ),
    'u',
    filter,
  );

/** A record's columns over `f` (its 1-year address) and `u` (its user). */
const RECORD_COLUMNS = [
  'f.id',
  'u.id as userId',
  'u.user_name as username',
  'u.email',
  addressOf(1).as('oneYearPlanAddress'),
  addressOf(2).as('twoYearsPlanAddress'),
  addressOf(3).as('threeYearsPlanAddress'),
  addressOf(5).as('fiveYearsPlanAddress'),
  'f.generated_at as generatedAt',
] as const;

/**
 * hecSavingAddresses: one record per user with coin saving. Addresses for the four plans are
 * generated together, so a record is keyed by the user's first-generated
 * address (the 1-year plan's) and the count is that plan's maintained bucket.
 */
export async function listSavingAddresses(
  db: Executor,
  filter: SavingAddressesFilter,
  pagination: PageRequest<'id'>,
): Promise<Page<SavingAddressRecord>> {
  const direction = pagination.sort?.orderBy ?? 'desc';
  const query = addressRecords(db, filter);
  // Page first: the four address subqueries run for the page's 20 records only (in the
  // select list of the paged query they ran for every record OFFSET skipped, too).
  const pageIds = query
    .select('f.id')
    .orderBy('f.id', direction)
    .limit(pagination.limit)
    .offset(pagination.offset)
    .as('page');
  const rows = await db
    .selectFrom('saving_deposit_addresses as f')
    .innerJoin(pageIds, 'page.id', 'f.id')
    .innerJoin('end_users as u', 'u.id', 'f.end_user_id')
    .select(RECORD_COLUMNS)
    .orderBy('f.id', direction)
    .execute();
  const totalRecords = await countListRows(
    db,
    { filter, rule: ADDRESSES_COUNT_RULE, fields: [] },
    query,
    'saving_deposit_addresses',
    async () =>
      countBuckets.saving_deposit_addresses.plan(
        (
          await db
            .selectFrom('saving_plans')
            .select('id')
            .where('term_years', '=', 1)
            .executeTakeFirstOrThrow()
        ).id,
      ),
  );
  return { rows, totalRecords };
}

/** hecSavingAddresses without paging, for hecSavingAddressesCsv (issue 13): same filter, order. */
export function savingAddressesExportQuery(
  db: Executor,
  filter: SavingAddressesFilter,
  { orderBy }: ListSort<'id'>,
) {
  return addressRecords(db, filter).select(RECORD_COLUMNS).orderBy('f.id', orderBy);
}
