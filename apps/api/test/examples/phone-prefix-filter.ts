import { USERS_SHAPE } from '@app/shared';
import { prefixPattern } from '../../src/db/end-user-keys';
import { USERS_LIST } from '../../src/modules/users/users-list';
import {
  conditionsSql,
  USER_CONDITIONS,
  type UserConditions,
} from '../../src/modules/users/users-repository';
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

/**
 * `USER_CONDITIONS` with the new filter's one entry (the type demands it): how it is counted,
 * its parameter (the escaped LIKE pattern) and its condition.
 */
export const PHONE_USER_CONDITIONS = {
  ...USER_CONDITIONS,
  // docs: condition (users-repository.ts, USER_CONDITIONS)
  phoneNumberPrefix: {
    count: 'index',
    value: prefixPattern,
    where: (eb, param) =>
      eb('u.id', 'in', (sub) =>
        sub
          .selectFrom('end_user_details')
          .select('end_user_id')
          .where('phone_number', 'like', param<string>()),
      ),
  },
  // docs: end
} satisfies UserConditions<PhoneUsersFilter>;

/** What the repository makes of its table (the list's page, its count, its file): its SQL. */
export const PHONE_USERS_SQL = conditionsSql<PhoneUsersFilter>(PHONE_USER_CONDITIONS);
