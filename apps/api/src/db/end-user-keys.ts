import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';

/**
 * The case-folded user name and email of `end_users` in the "C" collation: the one expression
 * the prefix filters, the name and email sorts and their indexes (migration 0020) share. In
 * "C" a prefix is one contiguous range of the index, so "names starting with s, sorted by
 * name, page 50" is an index range scan of 1,000 entries rather than a walk of the whole
 * index or a sort of every match. Byte order is also what operators expect of these ASCII
 * handles and addresses, whatever collation the database was created with.
 */
export function userNameKey(alias: string): RawBuilder<string> {
  return sql<string>`(lower(${sql.ref(`${alias}.user_name`)}) COLLATE "C")`;
}

/** See userNameKey. */
export function emailKey(alias: string): RawBuilder<string> {
  return sql<string>`(lower(${sql.ref(`${alias}.email`)}) COLLATE "C")`;
}

/** A LIKE pattern matching values that start with `value` (case-folded, wildcards escaped). */
export function prefixPattern(value: string): string {
  return `${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The name and email filters of the lists over users: each set one matches from the start. */
export type UserPrefixFilter = { userName?: string | undefined; email?: string | undefined };

/**
 * Narrows a query joined to `end_users` (as `alias`) to the users whose name and email start
 * with the filter's, case-insensitively: the one way every list matches them, through the "C"
 * key indexes above.
 */
export function whereUserPrefix<D, TB extends keyof D, O>(
  query: SelectQueryBuilder<D, TB, O>,
  alias: string,
  filter: UserPrefixFilter,
): SelectQueryBuilder<D, TB, O> {
  let q = query;
  if (filter.userName) q = q.where(userNameKey(alias), 'like', prefixPattern(filter.userName));
  if (filter.email) q = q.where(emailKey(alias), 'like', prefixPattern(filter.email));
  return q;
}
