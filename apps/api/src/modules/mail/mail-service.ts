import {
  formatMailRecipientError,
  hasLineBreak,
  isBlankText,
  MAIL_AUDIENCES,
  MAIL_MAX_NAMED_USERS,
  MAIL_STATUSES,
  NOTIFICATION_MESSAGES,
  type Locale,
  type MailRecipientReason,
  type MailStatus,
  type NotificationMessageKey,
  type TranslatedReason,
} from '@app/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { badInput, notFound, positiveId, notOneOf, notAnId } from '../../shared/list-input';
import type { Executor } from '../../db/executor';
import type { PageRequest } from '../../shared/page';
import type { AuditService } from '../audit/audit-service';
import type { Actor } from '../../shared/actor';
import { MAIL_EXPAND_QUEUE, MAIL_QUEUE, type MailKick } from './mail-jobs';
import * as repo from './mail-repository';
import {
  checkFingerprintInput,
  confirmSet,
  setFingerprint,
  type ConfirmedSet,
} from '../../platform/confirmed-set';
import type { MailRecipientsInput, MailSendsInput, NotificationsInput } from './mail-list';
import {
  CREATE_NOTIFICATION,
  DELETE_NOTIFICATION,
  SEND_MAIL,
  SEND_MAIL_SET,
  SEND_TEST_MAIL,
  UPDATE_NOTIFICATION,
  type AudienceArgs,
  type NotificationArgs,
} from './mail-commands';

const MAX_TITLE = 200;
const MAX_CONTENT = 20_000;
/**
 * A locale send to more recipients than this is expanded by the job in chunks (the request
 * writes the send and counts it); up to this, the request writes every outbox row at once.
 */
export const EXPAND_IN_JOB_ABOVE = 5000;

export type { AudienceArgs, NotificationArgs };

const FOOTER: Record<Locale, string> = {
  ja: 'このメールは Aube 運営事務局から配信しています。',
  en: 'This message was sent to you by the Aube team.',
};

/** The message as every recipient receives it: the title as subject, the content and a footer. */
export function renderNotificationMail(n: { title: string; content: string; language: Locale }) {
  return {
    subject: n.title,
    body: `${n.content}\n\n--\n${FOOTER[n.language]}\n`,
    language: n.language,
  };
}

/**
 * The set a send acts on (platform/confirmed-set): its recipients, by user id, and the message
 * as previewed (a notification edited since is another set).
 */
function mailSet(
  n: { id: number; title: string; content: string; language: Locale },
  audience: repo.Audience,
  userIds: readonly number[],
): ConfirmedSet {
  return setFingerprint(
    { mail: { notificationId: n.id, audience: audience.kind, ...renderNotificationMail(n) } },
    userIds.map((id) => ({ id, revision: 0 })),
  );
}

const REPLY_FOOTER: Record<Locale, string> = {
  ja: 'このメールは Aube サポートから、お問い合わせへの回答としてお送りしています。',
  en: 'This message is the Aube support team’s answer to your inquiry.',
};

/**
 * A support reply as the inquirer receives it: "Re: " and the inquiry's title as subject (line
 * breaks, which the user could type, flattened: a subject is a header), the reply and a footer.
 */
export function renderReplyMail(reply: { inquiryTitle: string; body: string; language: Locale }) {
  const title = reply.inquiryTitle.replace(/[\r\n]+/g, ' ').trim();
  return {
    subject: `Re: ${title}`.slice(0, 250),
    body: `${reply.body}\n\n--\n${REPLY_FOOTER[reply.language]}\n`,
    language: reply.language,
  };
}

// The reason (registry in packages/shared) of each notification form check.
const NOTIFICATION_REASONS = {
  languageRequired: 'LANGUAGE_REQUIRED',
  titleRequired: 'TITLE_REQUIRED',
  titleLineBreak: 'TITLE_LINE_BREAK',
  contentRequired: 'CONTENT_REQUIRED',
} as const satisfies Partial<Record<NotificationMessageKey, TranslatedReason>>;

function formError(
  field: string,
  key: keyof typeof NOTIFICATION_REASONS,
  locale: Locale,
): AppError {
  return new AppError('BAD_USER_INPUT', NOTIFICATION_MESSAGES[locale][key], {
    field,
    reason: NOTIFICATION_REASONS[key],
  });
}

function checkNotification(args: NotificationArgs, locale: Locale): repo.NotificationFields {
  // Blank (spaces or invisible characters only, the shared rule) is missing.
  if (isBlankText(args.title)) throw formError('title', 'titleRequired', locale);
  const title = (args.title ?? '').trim();
  // The title is the mail's Subject header: a line break would start a header of its own.
  if (hasLineBreak(title)) throw formError('title', 'titleLineBreak', locale);
  if (title.length > MAX_TITLE)
    throw badInput('title', `must be at most ${MAX_TITLE} characters.`, {
      code: 'maxLength',
      params: { max: MAX_TITLE },
    });
  if (args.language !== 'ja' && args.language !== 'en') {
    throw formError('language', 'languageRequired', locale);
  }
  const content = args.content ?? '';
  if (isBlankText(content)) throw formError('content', 'contentRequired', locale);
  if (content.length > MAX_CONTENT) {
    throw badInput('content', `must be at most ${MAX_CONTENT} characters.`, {
      code: 'maxLength',
      params: { max: MAX_CONTENT },
    });
  }
  return {
    title,
    content,
    language: args.language,
    isPublic: args.isPublic ?? true,
  };
}

/** A refused set of recipients: the reason's code, its text in `locale`, the ids concerned. */
function recipientError(
  reason: MailRecipientReason,
  locale: Locale,
  userIds: readonly number[] = [],
): AppError {
  return new AppError(
    'BAD_USER_INPUT',
    formatMailRecipientError(reason, { userIds, max: MAIL_MAX_NAMED_USERS }, locale),
    { field: 'userIds', reason, userIds, max: MAIL_MAX_NAMED_USERS },
  );
}

/**
 * Who a send goes to. Naming users (`userIds`, even without `audience`) means exactly those
 * users: it never widens to the language audience, and naming users together with
 * `audience: "locale"` is refused as contradictory (MAIL_AUDIENCE_CONFLICT).
 */
function checkAudience(args: AudienceArgs, language: Locale, locale: Locale): repo.Audience {
  const named = args.userIds ?? null;
  const kind = args.audience ?? (named === null ? 'locale' : 'users');
  if (!(MAIL_AUDIENCES as readonly string[]).includes(kind)) {
    throw notOneOf('audience', MAIL_AUDIENCES);
  }
  if (kind === 'locale') {
    if (named !== null) throw recipientError('MAIL_AUDIENCE_CONFLICT', locale);
    return { kind: 'locale', language };
  }
  const ids = [...new Set(named ?? [])];
  if (ids.length === 0) throw recipientError('MAIL_NO_USERS', locale);
  if (ids.length > MAIL_MAX_NAMED_USERS) throw recipientError('MAIL_TOO_MANY_USERS', locale);
  return { kind: 'users', userIds: ids };
}

/**
 * The named users, in the order named, each of them existing and reachable: an id that matches
 * no user (MAIL_UNKNOWN_USERS) or a user without a usable address (MAIL_UNREACHABLE_USERS)
 * refuses the whole send, listing the ids, rather than mailing fewer people than named.
 */
async function namedUsers(
  db: Executor,
  userIds: readonly number[],
  locale: Locale,
): Promise<repo.NamedUser[]> {
  const found = new Map((await repo.findNamedUsers(db, userIds)).map((u) => [u.id, u]));
  const unknown = userIds.filter((id) => !found.has(id));
  if (unknown.length > 0) throw recipientError('MAIL_UNKNOWN_USERS', locale, unknown);
  const users = userIds.map((id) => found.get(id)!);
  const unreachable = users.filter((u) => !u.deliverable).map((u) => u.id);
  if (unreachable.length > 0) throw recipientError('MAIL_UNREACHABLE_USERS', locale, unreachable);
  return users;
}

function mailStatus(value: string | null | undefined): MailStatus | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (!(MAIL_STATUSES as readonly string[]).includes(value)) {
    throw notOneOf('status', MAIL_STATUSES);
  }
  return value as MailStatus;
}

function sendId(value: string | number): string {
  const text = String(value).trim();
  if (!/^[1-9]\d{0,17}$/.test(text)) throw notAnId('mailSendId');
  return text;
}

/** Notifications and their mail (issue 15; docs/api.md, "Notifications and mail"). */
export function createMailService(
  db: Kysely<DB>,
  audit: AuditService,
  clock: () => Date,
  options: {
    jobs?: MailKick | undefined;
    smtpConfigured: boolean;
    /** Recipients above which the job expands a send (default EXPAND_IN_JOB_ABOVE; tests lower it). */
    expandInJobAbove?: number | undefined;
  },
) {
  const expandAbove = options.expandInJobAbove ?? EXPAND_IN_JOB_ABOVE;
  async function notification(id: number): Promise<repo.NotificationRow> {
    positiveId('notificationId', id);
    const row = await repo.findNotification(db, id);
    if (!row) throw notFound('notification', id);
    return row;
  }

  async function sendStatus(id: string) {
    const send = await repo.findSend(db, id);
    if (!send) throw notFound('mailSend', id);
    return { ...send, counts: await repo.countSendStatuses(db, id) };
  }

  return {
    smtpConfigured: options.smtpConfigured,

    list: (filter: NotificationsInput, page: PageRequest<repo.NotificationsSortTarget>) => {
      const language =
        filter.language === 'ja' || filter.language === 'en' ? filter.language : undefined;
      if (filter.language && !language) throw badInput('language', 'must be ja or en.');
      return repo.listNotifications(db, { language }, page);
    },

    get: notification,

    create: (actor: Actor, args: NotificationArgs, locale: Locale) => {
      const input = { ...checkNotification(args, locale), notifiedAt: args.notifiedAt ?? clock() };
      return audit.withAudit(actor, CREATE_NOTIFICATION.name, async (trx) => {
        const row = await repo.insertNotification(trx, input, actor.adminUserId);
        return { result: row, targetIds: [row.id], before: null, after: row };
      });
    },

    update: (actor: Actor, id: number, args: NotificationArgs, locale: Locale) => {
      positiveId('notificationId', id);
      const fields = checkNotification(args, locale);
      return audit.withAudit(actor, UPDATE_NOTIFICATION.name, async (trx) => {
        const before = await repo.findNotification(trx, id);
        if (!before) throw notFound('notification', id);
        // An edit keeps the notified-at the users were shown unless the operator sets a new
        // one (docs/api.md, "Notifications and mail"): omitting it is not "now".
        const input = { ...fields, notifiedAt: args.notifiedAt ?? before.notifiedAt };
        const after = (await repo.updateNotification(trx, id, input))!;
        return { result: after, targetIds: [id], before, after };
      });
    },

    remove: (actor: Actor, id: number) => {
      positiveId('notificationId', id);
      return audit.withAudit(actor, DELETE_NOTIFICATION.name, async (trx) => {
        const before = await repo.findNotification(trx, id);
        if (!before) throw notFound('notification', id);
        await repo.deleteNotification(trx, id);
        return { result: id, targetIds: [id], before, after: null };
      });
    },

    /**
     * The message as it will be sent, how many users the audience reaches now and, for named
     * users, who they are (the same checks as the send: unknown ids are refused and listed).
     */
    preview: async (id: number, args: AudienceArgs, locale: Locale) => {
      const n = await notification(id);
      const audience = checkAudience(args, n.language, locale);
      const named = audience.kind === 'users' ? await namedUsers(db, audience.userIds, locale) : [];
      const message = renderNotificationMail(n);
      const set = mailSet(
        n,
        audience,
        audience.kind === 'users'
          ? named.map((u) => u.id)
          : await repo.audienceUserIds(db, audience),
      );
      return {
        ...message,
        recipientCount: set.count,
        fingerprint: set.fingerprint,
        namedUsers: named,
      };
    },

    /** Sends the notification to the signed-in admin's own address only. */
    testSend: async (actor: Actor, id: number) => {
      const n = await notification(id);
      if (actor.adminUserId === null) throw new AppError('FORBIDDEN', 'No admin to send to.');
      const me = { email: await repo.adminEmail(db, actor.adminUserId) };
      const message = renderNotificationMail(n);
      return audit.withAudit(actor, SEND_TEST_MAIL.name, async (trx) => {
        const mailSendId = await repo.insertSend(trx, {
          notificationId: n.id,
          audience: 'test',
          language: n.language,
          subject: message.subject,
          adminId: actor.adminUserId,
        });
        await repo.enqueueOne(trx, mailSendId, n.id, { ...message, to: me.email });
        await options.jobs?.send(trx, MAIL_QUEUE, { mailSendId });
        return {
          result: { mailSendId, toAddress: me.email, recipientCount: 1 },
          targetIds: [n.id],
          before: null,
          after: { mailSendId, audience: 'test', toAddress: me.email },
        };
      });
    },

    /**
     * Confirms a send, returning at once whatever the audience's size. The send's record, its
     * audit row and its job are written in one transaction. A small audience (chosen users, or
     * at most `expandAbove` users of a language) gets its outbox rows in the same transaction
     * (one INSERT … SELECT); a larger one is frozen (users matching it with an id up to the
     * highest now) and counted, and the job writes its rows in chunks (mail-expansion.ts).
     */
    send: async (
      actor: Actor,
      id: number,
      args: AudienceArgs,
      locale: Locale,
      fingerprint?: string | null,
    ) => {
      checkFingerprintInput(fingerprint);
      const n = await notification(id);
      const audience = checkAudience(args, n.language, locale);
      const message = renderNotificationMail(n);
      return audit.withAudit(actor, SEND_MAIL.name, async (trx) => {
        // The notification as previewed: its row is locked, so an edit waits for the send.
        const current = await repo.lockNotification(trx, n.id);
        if (!current) throw notFound('notification', n.id);
        const base = {
          notificationId: n.id,
          audience: audience.kind,
          language: n.language,
          subject: message.subject,
          adminId: actor.adminUserId,
        };
        let mailSendId: string;
        let recipientCount: number;
        let expanding = false;
        let frozenAt: number | null = null;
        if (audience.kind === 'users') {
          // Checked in the transaction that writes the rows: exactly the named users, or none.
          await namedUsers(trx, audience.userIds, locale);
          mailSendId = await repo.insertSend(trx, base);
          recipientCount = await repo.enqueueAudience(trx, mailSendId, n.id, message, audience);
          if (recipientCount !== audience.userIds.length) {
            throw new Error(`named ${audience.userIds.length} users, queued ${recipientCount}`);
          }
        } else {
          const maxUserId = await repo.maxUserId(trx);
          frozenAt = maxUserId;
          recipientCount = await repo.countAudience(trx, audience, maxUserId);
          expanding = recipientCount > expandAbove;
          if (expanding) {
            mailSendId = await repo.insertSend(trx, {
              ...base,
              expansion: { body: message.body, maxUserId, recipientCount },
            });
          } else {
            mailSendId = await repo.insertSend(trx, base);
            recipientCount = await repo.enqueueAudience(trx, mailSendId, n.id, message, audience);
          }
        }
        // The set this send acts on, compared with the one confirmed (the one helper): the
        // outbox rows just written, or, for a send the job expands, the frozen audience.
        confirmSet(
          SEND_MAIL_SET,
          { fingerprint },
          mailSet(
            current,
            audience,
            expanding
              ? await repo.audienceUserIds(trx, audience, frozenAt!)
              : await repo.outboxUserIds(trx, mailSendId),
          ),
        );
        if (expanding) await options.jobs?.send(trx, MAIL_EXPAND_QUEUE, { mailSendId });
        else if (recipientCount > 0) await options.jobs?.send(trx, MAIL_QUEUE, { mailSendId });
        return {
          result: { mailSendId, recipientCount },
          targetIds: [n.id],
          before: null,
          after: {
            mailSendId,
            audience: audience.kind,
            language: n.language,
            userIds: audience.kind === 'users' ? audience.userIds : null,
            recipientCount,
            expandedByJob: expanding,
          },
        };
      });
    },

    sendStatus: (id: string | number) => sendStatus(sendId(id)),

    sends: (filter: MailSendsInput, page: PageRequest) =>
      repo.listSends(db, filter.notificationId ?? undefined, page),

    recipients: (id: string | number, filter: MailRecipientsInput, page: PageRequest) =>
      repo.listRecipients(db, sendId(id), mailStatus(filter.status), page),

    queuedCount: () => repo.countQueued(db),

    /**
     * Queues a support reply to an end user inside the caller's transaction (the inquiry's
     * audited write): a send of its own with one outbox row, and its delivery job. Undefined when
     * the user has no usable address (the caller refuses the reply).
     */
    queueReply: async (
      trx: Executor,
      reply: { endUserId: number; inquiryTitle: string; body: string; adminId: number | null },
    ): Promise<{ mailSendId: string; toAddress: string } | undefined> => {
      const to = await repo.replyRecipient(trx, reply.endUserId);
      if (!to?.deliverable) return undefined;
      const message = renderReplyMail({ ...reply, language: to.language });
      const mailSendId = await repo.insertSend(trx, {
        notificationId: null,
        audience: 'reply',
        language: message.language,
        subject: message.subject,
        adminId: reply.adminId,
      });
      await repo.enqueueOne(trx, mailSendId, null, { ...message, to: to.email }, reply.endUserId);
      await options.jobs?.send(trx, MAIL_QUEUE, { mailSendId });
      return { mailSendId, toAddress: to.email };
    },

    /** The delivery status of one-recipient sends (support replies), by send id. */
    replyDeliveries: (sendIds: readonly string[]) => repo.singleDeliveries(db, sendIds),
  };
}

export type MailService = ReturnType<typeof createMailService>;
