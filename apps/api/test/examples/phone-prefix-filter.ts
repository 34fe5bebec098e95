import type { SelectQueryBuilder } from 'kysely';
import { USERS_SHAPE } from '@app/shared';
import type { CountRule } from '../../src/db/count-buckets';
import { prefixPattern } from '../../src/db/end-user-keys';
import type { DB } from '../../src/db/schema';
import { USERS_LIST } from '../../src/modules/users/users-list';
import { USERS_COUNT_RULE } from '../../src/modules/users/users-repository';
import { defineList, type FilterValues } from '../../src/platform/lists';

/**
 * The worked example of docs/list-conventions.md ("Adding a filter"): a phone number prefix
 * filter on the users list and its CSV, which the console does not have. The lines between a
 * `// docs:` mark and `// docs: end` are the ones the change writes in the named file, quoted
 * by the document word for word (phone-prefix-filter.test.ts fails when they differ), and
 * compiled and run here against the real schema with the example's migration
 * (phone-prefix-index.sql), so the example cannot rot into something that no longer builds.
 */

/** `USERS_SHAPE` (packages/shared/src/lists.ts) with the example's one declaration line. */
export const PHONE_USERS_LIST = defineList({
  ...USERS_LIST,
  filters: {
    ...USERS_SHAPE.filters,
    // docs: declaration (packages/shared/src/lists.ts, USERS_SHAPE.filters)
    phoneNumberPrefix: { type: 'String' },
    // docs: end
  },
});

/** What `UsersFilter` becomes: the declaration gives the repository its field. */
export type PhoneUsersFilter = FilterValues<typeof PHONE_USERS_LIST.filters>;

/** `USERS_COUNT_RULE` with the new filter: the type demands the entry. */
export const PHONE_USERS_COUNT_RULE = {
  ...USERS_COUNT_RULE,
  // docs: count rule (users-repository.ts, USERS_COUNT_RULE)
  phoneNumberPrefix: 'index',
  // docs: end
} as const satisfies CountRule<PhoneUsersFilter>;

/** The value line of the repository's `filterValues`: the escaped LIKE pattern. */
export function phonePrefixValues(f: PhoneUsersFilter): Record<string, unknown> {
  const v: Record<string, unknown> = {};
  // docs: value (users-repository.ts, filterValues)
  if (f.phoneNumberPrefix) v.phoneNumberPrefix = prefixPattern(f.phoneNumberPrefix);
  // docs: end
  return v;
}

type UsersQuery<O> = SelectQueryBuilder<DB & { u: DB['end_users'] }, 'u', O>;

/** The condition of the repository's `applyParams` (the list's page, its count, its file). */
export function applyPhonePrefix<O>(
  query: UsersQuery<O>,
  values: Record<string, unknown>,
  param: <T>(name: string) => T,
): UsersQuery<O> {
  let q = query;
  // docs: condition (users-repository.ts, applyParams)
  if ('phoneNumberPrefix' in values)
    q = q.where('u.id', 'in', (eb) =>
      eb
        .selectFrom('end_user_details')
        .select('end_user_id')
        .where('phone_number', 'like', param<string>('phoneNumberPrefix')),
    );
  // docs: end
  return q;
}
