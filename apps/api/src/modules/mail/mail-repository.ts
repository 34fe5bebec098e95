import { sql } from 'kysely';
import type { Locale, MailStatus } from '@app/shared';
import type { Executor } from '../../db/executor';
import { countMatching } from '../../db/count-buckets';
import type { Page, PageRequest } from '../../shared/page';
import type { NotificationsSortTarget } from './mail-list';

export type NotificationRow = {
  id: number;
  title: string;
  content: string;
  language: Locale;
  isPublic: boolean;
  notifiedAt: Date;
  createdAt: Date;
  updatedAt: Date;
};

/** The fields a form sets; notified-at is decided by the service (create: now, edit: kept). */
export type NotificationFields = {
  title: string;
  content: string;
  language: Locale;
  isPublic: boolean;
};

export type NotificationInput = NotificationFields & { notifiedAt: Date };

export type { NotificationsSortTarget };

const NOTIFICATION_COLUMNS = [
  'id',
  'title',
  'content',
  'language',
  'is_public as isPublic',
  'notified_at as notifiedAt',
  'created_at as createdAt',
  'updated_at as updatedAt',
] as const;

export async function listNotifications(
  db: Executor,
  filter: { language?: Locale | undefined },
  p: PageRequest<NotificationsSortTarget>,
): Promise<Page<NotificationRow>> {
  const direction = p.sort?.orderBy ?? 'desc';
  const column = p.sort?.target === 'id' ? 'id' : 'notified_at';
  let q = db.selectFrom('notifications');
  if (filter.language) q = q.where('language', '=', filter.language);
  const rows = await q
    .select(NOTIFICATION_COLUMNS)
    .orderBy(column, direction)
    .orderBy('id', direction)
    .limit(p.limit)
    .offset(p.offset)
    .execute();
  return { rows, totalRecords: await countMatching(q) };
}

/** One notification's row, read plainly or under its lock. */
const notificationById = (db: Executor, id: number) =>
  db.selectFrom('notifications').select(NOTIFICATION_COLUMNS).where('id', '=', id);

export async function findNotification(
  db: Executor,
  id: number,
): Promise<NotificationRow | undefined> {
  return notificationById(db, id).executeTakeFirst();
}

/** The notification, its row locked until the transaction ends (a send against an edit). */
export async function lockNotification(
  db: Executor,
  id: number,
): Promise<NotificationRow | undefined> {
  return notificationById(db, id).forUpdate().executeTakeFirst();
}

export async function insertNotification(
  db: Executor,
  input: NotificationInput,
  adminId: number | null,
): Promise<NotificationRow> {
  return db
    .insertInto('notifications')
    .values({
      title: input.title,
      content: input.content,
      language: input.language,
      is_public: input.isPublic,
      notified_at: input.notifiedAt,
      created_by_admin_user_id: adminId,
    })
    .returning(NOTIFICATION_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateNotification(
  db: Executor,
  id: number,
  input: NotificationInput,
): Promise<NotificationRow | undefined> {
  return db
    .updateTable('notifications')
    .set({
      title: input.title,
      content: input.content,
      language: input.language,
      is_public: input.isPublic,
      notified_at: input.notifiedAt,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returning(NOTIFICATION_COLUMNS)
    .executeTakeFirst();
}

export async function deleteNotification(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('notifications').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Users a send reaches: by locale (users without details count as the default, ja), or by id. */
export type Audience = { kind: 'locale'; language: Locale } | { kind: 'users'; userIds: number[] };

/** Addresses with a line break (or none) never become recipients (the header rule, issue 15). */
const DELIVERABLE = sql<boolean>`u.email !~ '[\\r\\n]' AND u.email <> ''`;

function audienceWhere(audience: Audience) {
  const safe = DELIVERABLE;
  return audience.kind === 'locale'
    ? sql`${safe} AND coalesce(d.default_locale, 'ja') = ${audience.language}`
    : sql`${safe} AND u.id = ANY(${audience.userIds}::int[])`;
}

/** A named user as the send screen shows it; `deliverable`: the address can take mail. */
export type NamedUser = { id: number; userName: string; email: string; deliverable: boolean };

/** The users of `ids` that exist (any order; ids matching no user are simply absent). */
export async function findNamedUsers(db: Executor, ids: readonly number[]): Promise<NamedUser[]> {
  const { rows } = await sql<NamedUser>`
    SELECT u.id, u.user_name AS "userName", u.email, ${DELIVERABLE} AS deliverable
      FROM end_users u
     WHERE u.id = ANY(${ids}::int[])`.execute(db);
  return rows;
}

export async function countAudience(
  db: Executor,
  audience: Audience,
  maxUserId?: number,
): Promise<number> {
  const upTo = maxUserId === undefined ? sql`true` : sql`u.id <= ${maxUserId}::int`;
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM end_users u
    LEFT JOIN end_user_details d ON d.end_user_id = u.id
    WHERE ${audienceWhere(audience)} AND ${upTo}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The ids of the users an audience reaches (up to `maxUserId` when given), in id order. */
export async function audienceUserIds(
  db: Executor,
  audience: Audience,
  maxUserId?: number,
): Promise<number[]> {
  const upTo = maxUserId === undefined ? sql`true` : sql`u.id <= ${maxUserId}::int`;
  const { rows } = await sql<{ id: number }>`
    SELECT u.id FROM end_users u
    LEFT JOIN end_user_details d ON d.end_user_id = u.id
    WHERE ${audienceWhere(audience)} AND ${upTo}
    ORDER BY u.id`.execute(db);
  return rows.map((r) => r.id);
}

/** The users a send's outbox rows were written for (what the send acts on), in id order. */
export async function outboxUserIds(db: Executor, sendId: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT end_user_id AS id FROM mail_outbox
     WHERE mail_send_id = ${sendId}::bigint ORDER BY end_user_id`.execute(db);
  return rows.map((r) => r.id);
}

/** The highest end-user id now (0 without users): a send's audience is frozen at it. */
export async function maxUserId(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('end_users')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

export async function insertSend(
  db: Executor,
  send: {
    notificationId: number | null;
    audience: 'locale' | 'users' | 'test' | 'reply';
    language: Locale;
    subject: string;
    adminId: number | null;
    /** A send the job expands: its body, frozen audience and counted recipients. */
    expansion?: { body: string; maxUserId: number; recipientCount: number };
  },
): Promise<string> {
  const row = await db
    .insertInto('mail_sends')
    .values({
      notification_id: send.notificationId,
      audience: send.audience,
      language: send.language,
      subject: send.subject,
      recipient_count: send.expansion?.recipientCount ?? 0,
      created_by_admin_user_id: send.adminId,
      ...(send.expansion
        ? {
            body: send.expansion.body,
            audience_max_user_id: send.expansion.maxUserId,
            expansion_cursor: 0,
          }
        : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * One outbox row per recipient in one set-based statement (INSERT … SELECT), whatever the
 * audience's size; records the count on the send. Runs in the caller's transaction.
 */
export async function enqueueAudience(
  db: Executor,
  sendId: string,
  notificationId: number | null,
  message: { subject: string; body: string; language: Locale },
  audience: Audience,
): Promise<number> {
  const result = await sql`
    INSERT INTO mail_outbox (mail_send_id, notification_id, end_user_id, to_address, subject, body, language)
    SELECT ${sendId}::bigint, ${notificationId}::int, u.id, u.email, ${message.subject}, ${message.body}, ${message.language}
      FROM end_users u
      LEFT JOIN end_user_details d ON d.end_user_id = u.id
     WHERE ${audienceWhere(audience)}
     ORDER BY u.id`.execute(db);
  const count = Number(result.numAffectedRows ?? 0n);
  await db
    .updateTable('mail_sends')
    .set({ recipient_count: count })
    .where('id', '=', sendId)
    .execute();
  return count;
}

type ExpandingSend = {
  id: string;
  notificationId: number | null;
  language: Locale;
  subject: string;
  body: string;
  cursor: number;
  maxUserId: number;
};

/** Sends still expanding, oldest first (the job's and a restarted server's work list). */
export async function listExpandingSends(db: Executor): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT id::text AS id FROM mail_sends
     WHERE expansion_cursor < audience_max_user_id ORDER BY id`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * Locks a send that is still expanding for this transaction, or returns undefined when it is
 * finished or another worker holds it (SKIP LOCKED: replicas never expand one send at once).
 */
export async function lockExpandingSend(
  db: Executor,
  id: string,
): Promise<ExpandingSend | undefined> {
  const { rows } = await sql<ExpandingSend>`
    SELECT id::text AS id, notification_id AS "notificationId", language, subject, body,
           expansion_cursor AS cursor, audience_max_user_id AS "maxUserId"
      FROM mail_sends
     WHERE id = ${id}::bigint AND expansion_cursor < audience_max_user_id
       FOR UPDATE SKIP LOCKED`.execute(db);
  return rows[0];
}

/**
 * One chunk of a locale send's recipients: users of the audience with `after < id <= upTo`,
 * one INSERT … SELECT; then the cursor moves to `upTo` (same transaction, so a chunk is
 * written once or not at all). On the last chunk the send's count becomes the rows written
 * (a user who changed language during the expansion is counted as sent to).
 */
export async function expandChunk(
  db: Executor,
  send: ExpandingSend,
  upTo: number,
): Promise<number> {
  const result = await sql`
    INSERT INTO mail_outbox (mail_send_id, notification_id, end_user_id, to_address, subject, body, language)
    SELECT ${send.id}::bigint, ${send.notificationId}::int, u.id, u.email, ${send.subject}, ${send.body}, ${send.language}
      FROM end_users u
      LEFT JOIN end_user_details d ON d.end_user_id = u.id
     WHERE u.id > ${send.cursor}::int AND u.id <= ${upTo}::int
       AND ${audienceWhere({ kind: 'locale', language: send.language })}
     ORDER BY u.id`.execute(db);
  const finished = upTo >= send.maxUserId;
  await sql`
    UPDATE mail_sends
       SET expansion_cursor = ${upTo}::int,
           recipient_count = CASE WHEN ${finished}::boolean
             THEN (SELECT count(*) FROM mail_outbox WHERE mail_send_id = ${send.id}::bigint)
             ELSE recipient_count END
     WHERE id = ${send.id}::bigint`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

export async function enqueueOne(
  db: Executor,
  sendId: string,
  notificationId: number | null,
  message: { to: string; subject: string; body: string; language: Locale },
  endUserId: number | null = null,
): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      mail_send_id: sendId,
      notification_id: notificationId,
      end_user_id: endUserId,
      to_address: message.to,
      subject: message.subject,
      body: message.body,
      language: message.language,
    })
    .execute();
  await db.updateTable('mail_sends').set({ recipient_count: 1 }).where('id', '=', sendId).execute();
}

export type SendRow = {
  id: string;
  notificationId: number | null;
  audience: string;
  language: Locale;
  subject: string;
  recipientCount: number;
  createdAt: Date;
  createdBy: string | null;
};

export type SendCounts = Record<MailStatus, number>;

/** A send row (`s`, with its author `a` joined): one projection for the send and the history. */
const SEND_COLUMNS = [
  's.id',
  's.notification_id as notificationId',
  's.audience',
  's.language',
  's.subject',
  's.recipient_count as recipientCount',
  's.created_at as createdAt',
  'a.user_name as createdBy',
] as const;

export async function findSend(db: Executor, id: string): Promise<SendRow | undefined> {
  return db
    .selectFrom('mail_sends as s')
    .leftJoin('admin_users as a', 'a.id', 's.created_by_admin_user_id')
    .select(SEND_COLUMNS)
    .where('s.id', '=', id)
    .executeTakeFirst() as Promise<SendRow | undefined>;
}

export async function listSends(
  db: Executor,
  notificationId: number | undefined,
  p: PageRequest,
): Promise<Page<SendRow>> {
  // Support replies are sends too, but their history is the inquiry's (user_contact_messages).
  let q = db.selectFrom('mail_sends as s').where('s.audience', '<>', 'reply');
  if (notificationId !== undefined) q = q.where('s.notification_id', '=', notificationId);
  const rows = await q
    .leftJoin('admin_users as a', 'a.id', 's.created_by_admin_user_id')
    .select(SEND_COLUMNS)
    // The list's one sort target is id; the direction is the caller's (default newest first).
    .orderBy('s.id', p.sort?.orderBy ?? 'desc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();
  return { rows: rows as SendRow[], totalRecords: await countMatching(q) };
}

const OUTBOX_STATUS_OF = {
  pending: 'queued',
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
} as const;
const OUTBOX_STATUS_FOR: Record<MailStatus, 'pending' | 'sending' | 'sent' | 'failed'> = {
  queued: 'pending',
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
};

export async function countSendStatuses(db: Executor, sendId: string): Promise<SendCounts> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('mail_send_id', '=', sendId)
    .groupBy('status')
    .execute();
  const counts: SendCounts = { queued: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[OUTBOX_STATUS_OF[row.status]] = Number(row.n);
  return counts;
}

export type RecipientRow = {
  id: string;
  toAddress: string;
  userName: string | null;
  subject: string;
  body: string;
  language: Locale;
  status: MailStatus;
  attempts: number;
  smtpResponse: string | null;
  lastError: string | null;
  sentAt: Date | null;
  nextAttemptAt: Date;
};

export async function listRecipients(
  db: Executor,
  sendId: string,
  status: MailStatus | undefined,
  p: PageRequest,
): Promise<Page<RecipientRow>> {
  let q = db.selectFrom('mail_outbox as m').where('m.mail_send_id', '=', sendId);
  if (status) q = q.where('m.status', '=', OUTBOX_STATUS_FOR[status]);
  const rows = await q
    .leftJoin('end_users as u', 'u.id', 'm.end_user_id')
    .select([
      'm.id',
      'm.to_address as toAddress',
      'u.user_name as userName',
      'm.subject',
      'm.body',
      'm.language',
      'm.status',
      'm.attempts',
      'm.smtp_response as smtpResponse',
      'm.last_error as lastError',
      'm.sent_at as sentAt',
      'm.next_attempt_at as nextAttemptAt',
    ])
    // The list's one sort target is id; the direction is the caller's (default oldest first).
    .orderBy('m.id', p.sort?.orderBy ?? 'asc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();
  return {
    rows: rows.map((r) => ({ ...r, status: OUTBOX_STATUS_OF[r.status] })),
    totalRecords: await countMatching(q),
  };
}

/** Messages waiting (due or retrying), for the console's "stay queued" notice. */
export async function countQueued(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', 'in', ['pending', 'sending'])
    .where('mail_send_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type ClaimedMessage = {
  id: string;
  toAddress: string;
  subject: string;
  body: string;
  language: Locale;
  attempts: number;
};

/**
 * Only rows of a send (mail_send_id) are ever delivered: the demo generator's outbox rows
 * illustrate delivery states and belong to no send, so a server started with SMTP_URL on demo
 * data never mails the demo users.
 *
 * Claims up to `limit` due messages for one worker: due pending ones, and 'sending' ones
 * whose claim (lease) expired because their worker died. FOR UPDATE SKIP LOCKED lets replicas
 * claim side by side without ever taking the same row; the claim lasts `leaseSeconds`.
 */
export async function claimDue(
  db: Executor,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedMessage[]> {
  const { rows } = await sql<ClaimedMessage>`
    UPDATE mail_outbox m
       SET status = 'sending',
           attempts = m.attempts + 1,
           next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
     WHERE m.id IN (
       SELECT id FROM mail_outbox
        WHERE status IN ('pending', 'sending') AND next_attempt_at <= now()
          AND mail_send_id IS NOT NULL
        ORDER BY next_attempt_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
    RETURNING m.id::text AS id, m.to_address AS "toAddress", m.subject, m.body, m.language, m.attempts`.execute(
    db,
  );
  return rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
}

/**
 * Records many accepted messages in one statement (the worker's buffered marks), each with its
 * own SMTP answer; only rows still claimed ('sending') change.
 */
export async function markSentMany(
  db: Executor,
  marks: ReadonlyArray<{ id: string; response: string }>,
): Promise<void> {
  if (marks.length === 0) return;
  await sql`
    UPDATE mail_outbox m
       SET status = 'sent', sent_at = now(), smtp_response = v.response, last_error = NULL
      FROM unnest(${marks.map((m) => m.id)}::bigint[], ${marks.map((m) => m.response)}::text[])
           AS v(id, response)
     WHERE m.id = v.id AND m.status = 'sending'`.execute(db);
}

export async function markRetry(
  db: Executor,
  id: string,
  answer: string,
  delaySeconds: number,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status: 'pending',
      last_error: answer,
      smtp_response: answer,
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${delaySeconds})`,
    })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

export async function markFailed(db: Executor, id: string, answer: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'failed', last_error: answer, smtp_response: answer })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** Seconds until the next waiting message is due (null when none waits). */
export async function secondsUntilNextDue(db: Executor): Promise<number | null> {
  const { rows } = await sql<{ s: number | null }>`
    SELECT extract(epoch FROM (min(next_attempt_at) - now()))::float8 AS s
      FROM mail_outbox WHERE status IN ('pending', 'sending') AND mail_send_id IS NOT NULL`.execute(
    db,
  );
  const s = rows[0]?.s;
  return s === null || s === undefined ? null : Math.max(0, Number(s));
}

/** An end user's address and language (a support reply is written in the inquirer's). */
export async function replyRecipient(
  db: Executor,
  endUserId: number,
): Promise<{ email: string; language: Locale; deliverable: boolean } | undefined> {
  const { rows } = await sql<{ email: string; language: Locale; deliverable: boolean }>`
    SELECT u.email, coalesce(d.default_locale, 'ja') AS language, ${DELIVERABLE} AS deliverable
      FROM end_users u LEFT JOIN end_user_details d ON d.end_user_id = u.id
     WHERE u.id = ${endUserId}::int`.execute(db);
  return rows[0];
}

/** The delivery of one-recipient sends (support replies): their outbox row's status. */
export async function singleDeliveries(
  db: Executor,
  sendIds: readonly string[],
): Promise<
  Map<
    string,
    { status: MailStatus; sentAt: Date | null; smtpResponse: string | null; toAddress: string }
  >
> {
  if (sendIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('mail_outbox')
    .select([
      'mail_send_id as sendId',
      'status',
      'sent_at as sentAt',
      'smtp_response as smtpResponse',
      'to_address as toAddress',
    ])
    .where('mail_send_id', 'in', sendIds)
    .execute();
  return new Map(
    rows.map((r) => [
      String(r.sendId),
      {
        status: OUTBOX_STATUS_OF[r.status],
        sentAt: r.sentAt,
        smtpResponse: r.smtpResponse,
        toAddress: r.toAddress,
      },
    ]),
  );
}

/** The address of an admin (the test send goes to the signed-in admin's own). */
export async function adminEmail(db: Executor, adminUserId: number): Promise<string> {
  const row = await db
    .selectFrom('admin_users')
    .select('email')
    .where('id', '=', adminUserId)
    .executeTakeFirstOrThrow();
  return row.email;
}
