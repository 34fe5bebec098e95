import { change } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import {
  checkFingerprintInput,
  confirmedSetWrite,
  confirmSet,
} from '../../../platform/confirmed-set';
import { notFound } from '../../../shared/list-input';
import { MAIL_EXPAND_QUEUE, MAIL_QUEUE } from '../mail-jobs';
import {
  AUDIENCE_RULE,
  checkAudience,
  mailSet,
  namedUsers,
  renderNotificationMail,
  SEND_INPUT,
} from '../mail-rules';
import * as repo from '../mail-repository';
import { SendMailResultRef } from '../mail-types';

/**
 * Confirms a send, returning at once whatever the audience's size. The send's record, its audit
 * row and its job are written in one transaction. A small audience (chosen users, or at most
 * `expandInJobAbove` users of a language) gets its outbox rows in the same transaction (one
 * INSERT … SELECT); a larger one is frozen (users matching it with an id up to the highest now)
 * and counted, and the job writes its rows in chunks (mail-expansion.ts).
 */
export const SEND_MAIL = defineCommand({
  name: 'postSendMail',
  event: change<
    null,
    {
      mailSendId: string;
      audience: 'locale' | 'users';
      language: string;
      userIds: number[] | null;
      recipientCount: number;
      expandedByJob: boolean;
    }
  >()('notification'),
  description: `Sends the notification to its audience: writes one outbox row per recipient with the audit row in one transaction and returns at once; delivery follows (mailSend). With fingerprint (from mailPreview), exactly that message to exactly those recipients, else CONFLICT (reason LIST_CHANGED) and nothing is sent. ${AUDIENCE_RULE}`,
  access: 'write',
  scope: 'set',
  refreshes: ['mailSends', 'mailPreview', 'mailDelivery'],
  input: SEND_INPUT,
  answer: SendMailResultRef,
  handler: async ({ notificationId, fingerprint, ...args }, { actor, audit, locale, services }) => {
    checkFingerprintInput(fingerprint);
    const n = await services.mail.get(notificationId);
    const audience = checkAudience(args, n.language, locale);
    const message = renderNotificationMail(n);
    const { jobs, expandInJobAbove } = services.mail;
    const sent = await audit.change(async (trx) => {
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
        expanding = recipientCount > expandInJobAbove;
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
      // The set this send acts on, compared with the one confirmed (the one helper): the outbox
      // rows just written, or, for a send the job expands, the frozen audience.
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
      if (expanding) await jobs?.send(trx, MAIL_EXPAND_QUEUE, { mailSendId });
      else if (recipientCount > 0) await jobs?.send(trx, MAIL_QUEUE, { mailSendId });
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
    return { ...sent, message: 'Mail queued.' };
  },
});

/** A send acts on a confirmed set: the audience (and message) mailPreview showed. */
const SEND_MAIL_SET = confirmedSetWrite(SEND_MAIL.name);
