import { change, type NotificationSummary } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { checkNotification, NOTIFICATION_FIELDS } from '../mail-rules';
import * as repo from '../mail-repository';
import { NotificationResultRef } from '../mail-types';

/** Creates a notification (notified now unless given). */
export const CREATE_NOTIFICATION = defineCommand({
  name: 'postCreateNotification',
  event: change<null, NotificationSummary>()('notification'),
  description:
    "Creates a notification. Messages: 'Please input title.', 'Please select a language.' (Japanese with Accept-Language: ja).",
  access: 'write',
  scope: 'records',
  refreshes: ['notifications'],
  input: NOTIFICATION_FIELDS,
  answer: NotificationResultRef,
  handler: async (args, { actor, audit, locale, services }) => {
    const input = {
      ...checkNotification(args, locale),
      notifiedAt: args.notifiedAt ?? services.clock(),
    };
    const notification = await audit.change(async (trx) => {
      const row = await repo.insertNotification(trx, input, actor.adminUserId);
      return { result: row, targetIds: [row.id], before: null, after: row };
    });
    return { notification, message: 'Notification created.' };
  },
});
