import { sql, type SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../db/executor';
import {
  countBuckets,
  countFromBuckets,
  servedByBuckets,
  type CountRule,
} from '../../db/count-buckets';
import type { Page, PageRequest } from '../../shared/page';
import type { DB } from '../../db/schema';
import type { ContactStatus } from '../../db/tables/domain-tables';

/** Filters of userContacts (spec section 7); date bounds arrive as whole-day ISO strings. */
export type ContactsFilter = {
  userName?: string | undefined;
  assigneeUserName?: string | undefined;
  userContactStatus?: ContactStatus | undefined;
  datetimeFrom?: Date | string | undefined;
  datetimeUntil?: Date | string | undefined;
};

/** How each support filter is counted: the status has buckets. */
export const CONTACTS_COUNT_RULE = {
  userName: 'index',
  assigneeUserName: 'index',
  userContactStatus: 'buckets',
  datetimeFrom: 'index',
  datetimeUntil: 'index',
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
  assigneeId: number | null;
  assigneeUserName: string | null;
  categories: string[];
  files: Array<{ id: string; fileName: string; contentType: string; sizeBytes: number }>;
};

/** userContacts: newest first, with categories, files and assignee. */
export async function listContacts(
  db: Executor,
  filter: ContactsFilter,
  p: PageRequest<'contactedAt'>,
): Promise<Page<ContactListRow>> {
  const direction = p.sort?.orderBy ?? 'desc';
  // Page first, then attach names, categories and files: SELECT-list subqueries would
  // otherwise run for every row the OFFSET skips.
  const page = applyFilter(db.selectFrom('user_contacts as c'), filter)
    .select([
      'c.id',
      'c.end_user_id',
      'c.title',
      'c.content',
      'c.status',
      'c.contacted_at',
      'c.assignee_admin_user_id',
    ])
    .orderBy('c.contacted_at', direction)
    .orderBy('c.id', direction)
    .limit(p.limit)
    .offset(p.offset)
    .as('c');
  const rows = await db
    .selectFrom(page)
    .innerJoin('end_users as u', 'u.id', 'c.end_user_id')
    .leftJoin('admin_users as a', 'a.id', 'c.assignee_admin_user_id')
    .select([
      'c.id',
      'u.user_name as userName',
      'c.title',
      'c.content',
      'c.status',
      'c.contacted_at as contactedAt',
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
    ])
    .orderBy('c.contacted_at', direction)
    .orderBy('c.id', direction)
    .execute();
  return { rows, totalRecords: await countContacts(db, filter) };
}

/** Exact count: maintained status buckets, else by index. */
export async function countContacts(db: Executor, filter: ContactsFilter): Promise<number> {
  if (servedByBuckets(filter, CONTACTS_COUNT_RULE, ['userContactStatus'])) {
    return countFromBuckets(db, 'user_contacts', [
      filter.userContactStatus
        ? countBuckets.user_contacts.status(filter.userContactStatus)
        : countBuckets.user_contacts.all,
    ]);
  }
  const row = await applyFilter(db.selectFrom('user_contacts as c'), filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The contact statuses, as the status select shows them. */
export async function listContactStatuses(db: Executor) {
  return db.selectFrom('user_contact_statuses').select(['id', 'name']).orderBy('id').execute();
}
