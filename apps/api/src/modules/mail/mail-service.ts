import { MAIL_STATUSES, type Locale, type MailStatus } from '@app/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { badInput, notFound, positiveId, notOneOf, notAnId } from '../../shared/list-input';
import type { Executor } from '../../db/executor';
import type { PageRequest } from '../../shared/page';
import { MAIL_QUEUE, type MailKick } from './mail-jobs';
import * as repo from './mail-repository';
import type { MailRecipientsInput, MailSendsInput, NotificationsInput } from './mail-list';
import {
  checkAudience,
  mailSet,
  namedUsers,
  renderNotificationMail,
  type AudienceArgs,
} from './mail-rules';

/**
 * A locale send to more recipients than this is expanded by the job in chunks (the request
 * writes the send and counts it); up to this, the request writes every outbox row at once.
 */
const EXPAND_IN_JOB_ABOVE = 5000;

const REPLY_FOOTER: Record<Locale, string> = {
  ja: 'このメールは Aube サポートから、お問い合わせへの回答としてお送りしています。',
  en: 'This message is the Aube support team’s answer to your inquiry.',
};

/**
 * A support reply as the inquirer receives it: "Re: " and the inquiry's title as subject (line
 * breaks, which the user could type, flattened: a subject is a header), the reply and a footer.
 */
function renderReplyMail(reply: { inquiryTitle: string; body: string; language: Locale }) {
  const title = reply.inquiryTitle.replace(/[\r\n]+/g, ' ').trim();
  return {
    subject: `Re: ${title}`.slice(0, 250),
    body: `${reply.body}\n\n--\n${REPLY_FOOTER[reply.language]}\n`,
    language: reply.language,
  };
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

/**
 * Notifications and their mail (issue 15; docs/api.md, "Notifications and mail"): the reads,
 * and what the writes (commands/) and a support reply need of the mail setup.
 */
export function createMailService(
  db: Kysely<DB>,
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

    /** Where a write's delivery and expansion jobs go (none: mail waits in the outbox). */
    jobs: options.jobs,

    /** Recipients above which a send is expanded by its job, in chunks. */
    expandInJobAbove: expandAbove,

    /** The signed-in admin's own address (a test mail's only recipient). */
    adminEmail: (adminUserId: number) => repo.adminEmail(db, adminUserId),

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
