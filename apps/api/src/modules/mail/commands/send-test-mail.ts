import { change } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { AppError } from '../../../shared/app-error';
import { MAIL_QUEUE } from '../mail-jobs';
import { NOTIFICATION_ID, renderNotificationMail } from '../mail-rules';
import * as repo from '../mail-repository';
import { SendMailResultRef } from '../mail-types';

/** Sends the notification to the signed-in admin's own address only. */
export const SEND_TEST_MAIL = defineCommand({
  name: 'postSendTestMail',
  event: change<null, { mailSendId: string; audience: 'test'; toAddress: string }>()(
    'notification',
  ),
  description: "Sends the notification's mail to the signed-in admin's own address only.",
  access: 'write',
  scope: 'records',
  refreshes: ['mailSends', 'mailPreview', 'mailDelivery'],
  input: NOTIFICATION_ID,
  answer: SendMailResultRef,
  handler: async ({ notificationId }, { actor, audit, services }) => {
    const n = await services.mail.get(notificationId);
    if (actor.adminUserId === null) throw new AppError('FORBIDDEN', 'No admin to send to.');
    const adminId = actor.adminUserId;
    const to = await services.mail.adminEmail(adminId);
    const message = renderNotificationMail(n);
    const sent = await audit.change(async (trx) => {
      const mailSendId = await repo.insertSend(trx, {
        notificationId: n.id,
        audience: 'test',
        language: n.language,
        subject: message.subject,
        adminId,
      });
      await repo.enqueueOne(trx, mailSendId, n.id, { ...message, to });
      await services.mail.jobs?.send(trx, MAIL_QUEUE, { mailSendId });
      return {
        result: { mailSendId, toAddress: to, recipientCount: 1 },
        targetIds: [n.id],
        before: null,
        after: { mailSendId, audience: 'test', toAddress: to },
      };
    });
    return { ...sent, message: 'Test mail queued.' };
  },
});
