import { change, type NotificationSummary } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { notFound, positiveId } from '../../../shared/list-input';
import { NOTIFICATION_ID } from '../mail-rules';
import * as repo from '../mail-repository';
import { DeleteNotificationResultRef } from '../mail-types';

/** Deletes a notification; its sends and their statuses stay. */
export const DELETE_NOTIFICATION = defineCommand({
  name: 'postDeleteNotification',
  event: change<NotificationSummary, null>()('notification'),
  description: 'Deletes a notification; its sends and their statuses stay.',
  access: 'write',
  scope: 'records',
  refreshes: ['notifications'],
  input: NOTIFICATION_ID,
  answer: DeleteNotificationResultRef,
  handler: async ({ notificationId: id }, { audit }) => {
    positiveId('notificationId', id);
    await audit.change(async (trx) => {
      const before = await repo.findNotification(trx, id);
      if (!before) throw notFound('notification', id);
      await repo.deleteNotification(trx, id);
      return { result: undefined, targetIds: [id], before, after: null };
    });
    return { deletedNotificationId: id, message: 'Notification deleted.' };
  },
});
