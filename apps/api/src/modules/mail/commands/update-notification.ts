import { change, type NotificationSummary } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { notFound, positiveId } from '../../../shared/list-input';
import { checkNotification, NOTIFICATION_FIELDS, NOTIFICATION_ID } from '../mail-rules';
import * as repo from '../mail-repository';
import { NotificationResultRef } from '../mail-types';

/** Replaces a notification's fields; its notified-at changes only when given. */
export const UPDATE_NOTIFICATION = defineCommand({
  name: 'postUpdateNotification',
  event: change<NotificationSummary, NotificationSummary>()('notification'),
  description:
    'Replaces a notification’s fields (the same rules as creating one); notifiedAt changes only when given.',
  access: 'write',
  scope: 'records',
  refreshes: ['notifications'],
  input: { ...NOTIFICATION_ID, ...NOTIFICATION_FIELDS },
  answer: NotificationResultRef,
  handler: async ({ notificationId: id, ...args }, { audit, locale }) => {
    positiveId('notificationId', id);
    const fields = checkNotification(args, locale);
    const notification = await audit.change(async (trx) => {
      const before = await repo.findNotification(trx, id);
      if (!before) throw notFound('notification', id);
      // An edit keeps the notified-at the users were shown unless the operator sets a new one
      // (docs/api.md, "Notifications and mail"): omitting it is not "now".
      const input = { ...fields, notifiedAt: args.notifiedAt ?? before.notifiedAt };
      const after = (await repo.updateNotification(trx, id, input))!;
      return { result: after, targetIds: [id], before, after };
    });
    return { notification, message: 'Notification updated.' };
  },
});
