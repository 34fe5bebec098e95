import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { defineListExport } from '../../platform/lists';
import { usersExportQuery } from './users-repository';
import { USERS_LIST } from './users-list';
import { usersFilter } from './users-service';

/** `usersCSV`: the users list's filters and sort, every page (docs/api.md, "Exports"). */
export function usersExport(db: Kysely<DB>) {
  return defineListExport(USERS_LIST, {
    filter: usersFilter,
    query: (filter, sort) => usersExportQuery(db, filter, sort),
  });
}
