import { sql, type SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../db/executor';
import {
  countBuckets,
  countFromBuckets,
  countFromDayBuckets,
  servedByBuckets,
  setFilterFields,
  type CountRule,
} from '../../db/count-buckets';
import { readingBeatsWalk } from '../../db/fence';
import type { TextDates } from '../../platform/lists';
import type { Page, PageRequest } from '../../shared/page';
import type { DB } from '../../db/schema';
import { CONTACT_STATUSES, type ContactStatus } from '../../db/tables/domain-tables';
import type { ContactsFilterValues, ContactsSortTarget } from './support-list';

/**
 * Filters of userContacts (spec section 7), as declared in support-list.ts, the status checked;
 * date bounds may arrive as whole-day ISO strings.
 */
export type ContactsFilter = TextDates<Omit<ContactsFilterValues, 'userContactStatus'>> & {
  userContactStatus?: ContactStatus | undefined;
};

export type { ContactsSortTarget };

const SORT_COLUMNS = {
  contactedAt: 'c.contacted_at',
  statusChangedAt: 'c.status_changed_at',
  id: 'c.id',
  // Within the status rank (below), inquiries are ordered by when they came in.
  openFirst: 'c.contacted_at',
} as const;

/**
 * The "open on top" rank: backlog, wip, closed. Exactly the expression of the index of 0160,
 * so that the order (and a page of it) is read from the index.
 */
const OPEN_FIRST_RANK = sql<number>`(CASE c.status WHEN 'backlog' THEN 0 WHEN 'wip' THEN 1 ELSE 2 END)`;

/**
 * How each support filter is counted: the status and "unassigned" have buckets (0140), and so
 * has the date range, per status and UTC day (0156).
 */
const CONTACTS_COUNT_RULE = {
  userName: 'index',
  assigneeUserName: 'index',
  userContactStatus: 'buckets',
  datetimeFrom: 'buckets',
  datetimeUntil: 'buckets',
  unassigned: 'buckets',
} as const satisfies CountRule<ContactsFilter>;

type Q<O> = SelectQueryBuilder<DB & { c: DB['user_contacts'] }, 'c', O>;

function applyFilter<O>(query: Q<O>, f: ContactsFilter): Q<O> {
  let q = query;
  if (f.userName) {
    q = q.where(
      'c.end_user_id',
      '=',
      sql<number>`(SELECT id FROM end_users WHERE lower(user_name) = ${f.userName.toLowerCase()})`,
    );
  }
  if (f.assigneeUserName) {
    q = q.where(
      'c.assignee_admin_user_id',
      '=',
      sql<number>`(SELECT id FROM admin_users WHERE lower(user_name) = ${f.assigneeUserName.toLowerCase()})`,
    );
  }
  if (f.unassigned) q = q.where('c.assignee_admin_user_id', 'is', null);
  if (f.userContactStatus) q = q.where('c.status', '=', f.userContactStatus);
  if (f.datetimeFrom) q = q.where('c.contacted_at', '>=', new Date(f.datetimeFrom));
  if (f.datetimeUntil) q = q.where('c.contacted_at', '<=', new Date(f.datetimeUntil));
  return q;
}

export type ContactListRow = {
  id: string;
  userName: string;
  title: string;
  content: string;
  status: ContactStatus;
  contactedAt: Date;
  statusChangedAt: Date;
  assigneeId: number | null;
  assigneeUserName: string | null;
  categories: string[];
  files: Array<{ id: string; fileName: string; contentType: string; sizeBytes: number }>;
};

/** userContacts: newest first, with categories, files and assignee. */
export async function listContacts(
  db: Executor,
  filter: ContactsFilter,
  p: PageRequest<ContactsSortTarget>,
): Promise<Page<ContactListRow>> {
  const direction = p.sort?.orderBy ?? 'desc';
  const target = p.sort?.target ?? 'contactedAt';
  const column = SORT_COLUMNS[target];
  // openFirst: open inquiries on top whatever the direction, which orders the time within each
  // status. Within one status tab the rank is the same for every row and is left out, so the
  // (status, contacted_at, id) index serves the tab.
  const ranked = target === 'openFirst' && !filter.userContactStatus;
  // Read from the list's other end (a deep page, readFromNearerEnd), the rank reverses too.
  const rankOrder = p.backward ? 'desc' : 'asc';
  // Counted first (from buckets for the date range and the status), so the page can choose.
  const totalRecords = await countContacts(db, filter);
  const fenced =
    narrowsBeyondSort(filter, target) &&
    (await readingBeatsWalk(totalRecords, p.offset + p.limit, () =>
      countContacts(db, { userContactStatus: filter.userContactStatus }),
    ));
  // Fenced, the sort key is an expression no index orders by: the planner reads the matches
  // through the filter's own index and sorts them, instead of walking the sort's index for
  // them (the 28 inquiries before a day long ago, newest id first: 94-117 ms a page at 5M,
  // the walk passing every later inquiry).
  const sortKey = fenced
    ? sql`${sql.ref(column)} + ${column === 'c.id' ? sql`0` : sql`interval '0 seconds'`}`
    : column;
  // Page first, then attach names, categories and files: SELECT-list subqueries would
  // otherwise run for every row the OFFSET skips.
  const page = contactRows(db, (q) => {
    let filtered = applyFilter(q, filter);
    // No status changes before its inquiry came in (0232): a contact-date lower bound is a
    // lower bound of the status change too, where the status-change index starts its walk.
    if (target === 'statusChangedAt' && filter.datetimeFrom)
      filtered = filtered.where('c.status_changed_at', '>=', new Date(filter.datetimeFrom));
    return (ranked ? filtered.orderBy(OPEN_FIRST_RANK, rankOrder) : filtered)
      .orderBy(sortKey, direction)
      .orderBy('c.id', direction)
      .limit(p.limit)
      .offset(p.offset);
  });
  const rows = await (ranked ? page.orderBy(OPEN_FIRST_RANK, rankOrder) : page)
    .orderBy(`c.${column.slice(2)}` as 'c.contacted_at', direction)
    .orderBy('c.id', direction)
    .execute();
  return { rows, totalRecords };
}

/**
 * Whether the filter narrows the inquiries by a condition the sort's index does not hold (a
 * contact-date range sorted by status change or id); the status has an index per sort.
 */
export function narrowsBeyondSort(filter: ContactsFilter, target: ContactsSortTarget): boolean {
  const onSortColumn =
    target === 'contactedAt' || target === 'openFirst' ? ['datetimeFrom', 'datetimeUntil'] : [];
  return setFilterFields(filter).some(
    (field) => field !== 'userContactStatus' && !onSortColumn.includes(field),
  );
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type Restrict = (q: Q<{}>) => Q<{}>;

/** Names, categories and files of the given contacts (a page, or one). */
function contactRows(db: Executor, restrict: Restrict) {
  const source = restrict(db.selectFrom('user_contacts as c'))
    .select([
      'c.id',
      'c.end_user_id',
      'c.title',
      'c.content',
      'c.status',
      'c.contacted_at',
      'c.status_changed_at',
      'c.assignee_admin_user_id',
    ])
    .as('c');
  return db
    .selectFrom(source)
    .innerJoin('end_users as u', 'u.id', 'c.end_user_id')
    .leftJoin('admin_users as a', 'a.id', 'c.assignee_admin_user_id')
    .select([
      'c.id',
      'u.user_name as userName',
      'c.title',
      'c.content',
      'c.status',
      'c.contacted_at as contactedAt',
      'c.status_changed_at as statusChangedAt',
      'a.id as assigneeId',
      'a.user_name as assigneeUserName',
      sql<
        string[]
      >`ARRAY(SELECT k.name FROM user_contact_category_links l JOIN user_contact_categories k ON k.id = l.category_id WHERE l.user_contact_id = c.id ORDER BY k.id)`.as(
        'categories',
      ),
      sql<
        ContactListRow['files']
      >`coalesce((SELECT json_agg(json_build_object('id', f.id::text, 'fileName', f.file_name, 'contentType', f.content_type, 'sizeBytes', f.size_bytes) ORDER BY f.id) FROM user_contact_files f WHERE f.user_contact_id = c.id), '[]'::json)`.as(
        'files',
      ),
    ]);
}

/** Exact count: maintained status (and unassigned-by-status) buckets, else by index. */
async function countContacts(db: Executor, filter: ContactsFilter): Promise<number> {
  if (servedByBuckets(filter, CONTACTS_COUNT_RULE, ['userContactStatus', 'unassigned'])) {
    const statuses = filter.userContactStatus ? [filter.userContactStatus] : undefined;
    return countFromBuckets(
      db,
      'user_contacts',
      filter.unassigned
        ? (statuses ?? CONTACT_STATUSES).map(countBuckets.user_contacts.unassignedStatus)
        : [
            statuses
              ? countBuckets.user_contacts.status(statuses[0]!)
              : countBuckets.user_contacts.all,
          ],
    );
  }
  if (servedByBuckets(filter, CONTACTS_COUNT_RULE, DATE_RANGE_FIELDS)) {
    const statuses = filter.userContactStatus ? [filter.userContactStatus] : CONTACT_STATUSES;
    const counts = await Promise.all(statuses.map((s) => countContactedRange(db, s, filter)));
    if (counts.every((n) => n !== undefined)) return counts.reduce((a, b) => a + b, 0);
  }
  const row = await applyFilter(db.selectFrom('user_contacts as c'), filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const DATE_RANGE_FIELDS = ['userContactStatus', 'datetimeFrom', 'datetimeUntil'] as const;

/**
 * Inquiries of one status with `from <= contacted_at <= until` (either end open), from the
 * contacted-day buckets of 0156: whole UTC days from row_counts, the two edge days through the
 * (status, contacted_at, id) index, so the cost does not grow with the range or the table.
 * Undefined when a bound cannot be keyed (then the caller counts by index).
 */
function countContactedRange(
  db: Executor,
  status: ContactStatus,
  filter: ContactsFilter,
): Promise<number | undefined> {
  return countFromDayBuckets(
    db,
    countBuckets.user_contacts.contactedDays(status),
    {
      from: filter.datetimeFrom ? new Date(filter.datetimeFrom) : undefined,
      until: filter.datetimeUntil ? new Date(filter.datetimeUntil) : undefined,
    },
    (low, high, lowInclusive) =>
      db
        .selectFrom('user_contacts as c')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('c.status', '=', status)
        .where('c.contacted_at', lowInclusive ? '>=' : '>', low)
        .where('c.contacted_at', '<', high),
  );
}

/** The contact statuses, as the status select shows them. */
export async function listContactStatuses(db: Executor) {
  return db.selectFrom('user_contact_statuses').select(['id', 'name']).orderBy('id').execute();
}

/** One contact with its names, categories and files, or undefined. */
export async function findContact(db: Executor, id: string): Promise<ContactListRow | undefined> {
  return contactRows(db, (q) => q.where('c.id', '=', id)).executeTakeFirst();
}

/** The fields a change needs to know, locked for the change's transaction. */
export async function lockContact(db: Executor, id: string) {
  return db
    .selectFrom('user_contacts')
    .select([
      'id',
      'status',
      'assignee_admin_user_id as assigneeId',
      'end_user_id as endUserId',
      'title',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Who changed an inquiry, as its history keeps them (the actor's admin id and name). */
type ChangedBy = { adminUserId: number | null; adminUserName: string | null };

type Assignee = { id: number; userName: string } | null;

/** A move of an inquiry's status, or a change of its assignee (null: none). */
type ContactChange =
  | { field: 'status'; from: ContactStatus; to: ContactStatus }
  | { field: 'assignee'; from: Assignee; to: Assignee };

/**
 * Sets an inquiry's status or assignee and records the change in its history: who, which
 * field, from and to (an assignee by name).
 */
export async function changeContact(
  db: Executor,
  id: string,
  by: ChangedBy,
  change: ContactChange,
): Promise<void> {
  const status = change.field === 'status';
  await db
    .updateTable('user_contacts')
    .set({
      ...(status ? { status: change.to } : { assignee_admin_user_id: change.to?.id ?? null }),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
  await db
    .insertInto('user_contact_history')
    .values({
      user_contact_id: id,
      admin_user_id: by.adminUserId,
      admin_user_name: by.adminUserName,
      field: change.field,
      from_value: status ? change.from : (change.from?.userName ?? null),
      to_value: status ? change.to : (change.to?.userName ?? null),
    })
    .execute();
}

export type ContactHistoryRow = {
  id: string;
  changedAt: Date;
  adminUserName: string | null;
  field: 'status' | 'assignee';
  fromValue: string | null;
  toValue: string | null;
};

/** The changes of one contact, oldest first. */
export async function listHistory(db: Executor, contactId: string): Promise<ContactHistoryRow[]> {
  return db
    .selectFrom('user_contact_history')
    .select([
      'id',
      'changed_at as changedAt',
      'admin_user_name as adminUserName',
      'field',
      'from_value as fromValue',
      'to_value as toValue',
    ])
    .where('user_contact_id', '=', contactId)
    .orderBy('changed_at')
    .orderBy('id')
    .execute();
}

/**
 * The status tab counts under the other filters: maintained buckets when only the status
 * would differ (no other filter, or only "unassigned"), else one grouped count by index.
 */
export async function countByStatus(
  db: Executor,
  filter: ContactsFilter,
): Promise<Record<ContactStatus, number>> {
  const rest: ContactsFilter = { ...filter, userContactStatus: undefined };
  const counts: Record<ContactStatus, number> = { backlog: 0, wip: 0, closed: 0 };
  if (servedByBuckets(rest, CONTACTS_COUNT_RULE, ['userContactStatus', 'unassigned'])) {
    const bucketOf = rest.unassigned
      ? countBuckets.user_contacts.unassignedStatus
      : countBuckets.user_contacts.status;
    const statusOf = new Map<string, ContactStatus>(CONTACT_STATUSES.map((s) => [bucketOf(s), s]));
    const rows = await db
      .selectFrom('row_counts')
      .select(['bucket', 'n'])
      .where('relation', '=', 'user_contacts')
      .where('bucket', 'in', [...statusOf.keys()])
      .execute();
    for (const row of rows) counts[statusOf.get(row.bucket)!] = Number(row.n);
    return counts;
  }
  if (servedByBuckets(rest, CONTACTS_COUNT_RULE, DATE_RANGE_FIELDS)) {
    const perStatus = await Promise.all(
      CONTACT_STATUSES.map((s) => countContactedRange(db, s, rest)),
    );
    if (perStatus.every((n) => n !== undefined)) {
      CONTACT_STATUSES.forEach((s, i) => (counts[s] = perStatus[i]!));
      return counts;
    }
  }
  // One count per status, added up in one statement: each is a range of the (status,
  // contacted_at, id) index of 0012, index-only for a date range. A GROUP BY status over the
  // date range read every matching inquiry from the heap for its status (a quarter at 1M
  // users: 7,884 rows, 6 ms; five times that at 5M).
  const [first, ...others] = CONTACT_STATUSES.map((s) =>
    applyFilter(db.selectFrom('user_contacts as c'), { ...rest, userContactStatus: s }).select([
      sql<ContactStatus>`${sql.lit(s)}::text`.as('status'),
      (eb) => eb.fn.countAll<string>().as('n'),
    ]),
  );
  const rows = await others.reduce((q, next) => q.unionAll(next), first!).execute();
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** An admin's id and user name, when the id names one. */
export async function findAdminName(db: Executor, id: number) {
  return db
    .selectFrom('admin_users')
    .select(['id', 'user_name as userName'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** One attachment's stored facts, for the download route. */
export async function findFile(db: Executor, id: string) {
  return db
    .selectFrom('user_contact_files')
    .select([
      'id',
      'user_contact_id as userContactId',
      'file_name as fileName',
      'content_type as contentType',
      'size_bytes as sizeBytes',
      'storage_key as storageKey',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

export type ContactMessageRow = {
  id: string;
  kind: 'reply' | 'note';
  body: string;
  adminUserName: string | null;
  mailSendId: string | null;
  createdAt: Date;
};

const MESSAGE_COLUMNS = [
  'id',
  'kind',
  'body',
  'admin_user_name as adminUserName',
  'mail_send_id as mailSendId',
  'created_at as createdAt',
] as const;

/** Records a reply (with its mail send) or a note on an inquiry. */
export async function addMessage(
  db: Executor,
  entry: {
    contactId: string;
    kind: 'reply' | 'note';
    body: string;
    adminUserId: number | null;
    adminUserName: string | null;
    mailSendId: string | null;
  },
): Promise<ContactMessageRow> {
  return db
    .insertInto('user_contact_messages')
    .values({
      user_contact_id: entry.contactId,
      kind: entry.kind,
      body: entry.body,
      admin_user_id: entry.adminUserId,
      admin_user_name: entry.adminUserName,
      mail_send_id: entry.mailSendId,
    })
    .returning(MESSAGE_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The replies and notes of one inquiry, oldest first. */
export async function listMessages(db: Executor, contactId: string): Promise<ContactMessageRow[]> {
  return db
    .selectFrom('user_contact_messages')
    .select(MESSAGE_COLUMNS)
    .where('user_contact_id', '=', contactId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
