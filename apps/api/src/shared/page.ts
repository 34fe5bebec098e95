/** Sort direction of a list call. */
export type SortOrder = 'ASC' | 'DESC';

/** A page request after defaults and checks: what repositories receive. */
export type Page<Target extends string = string> = {
  limit: number;
  offset: number;
  sort: { target: Target; orderBy: SortOrder };
};

/** What a list call answers besides its rows. */
export type PageInfo = Page & { totalRecords: number };
