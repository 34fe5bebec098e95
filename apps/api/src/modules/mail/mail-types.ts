// The notification writes' answers (commands/) and the notification itself, which the
// schema's reads answer too.
import { builder } from '../../graphql/builder';
import type { NotificationRow } from './mail-repository';

export const NotificationRef = builder.objectRef<NotificationRow>('Notification').implement({
  description: 'A notification (spec section 3): title, content, language, public or private.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    title: t.exposeString('title'),
    content: t.exposeString('content'),
    language: t.exposeString('language', { description: 'ja or en.' }),
    isPublic: t.exposeBoolean('isPublic'),
    notifiedAt: t.expose('notifiedAt', { type: 'DateTime' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const NotificationResultRef = builder
  .objectRef<{ message: string; notification: NotificationRow }>('NotificationResult')
  .implement({
    fields: (t) => ({
      message: t.exposeString('message'),
      notification: t.expose('notification', { type: NotificationRef }),
    }),
  });

export const DeleteNotificationResultRef = builder
  .objectRef<{ message: string; deletedNotificationId: number }>('DeleteNotificationResult')
  .implement({
    fields: (t) => ({
      message: t.exposeString('message'),
      deletedNotificationId: t.exposeInt('deletedNotificationId'),
    }),
  });

export const SendMailResultRef = builder
  .objectRef<{
    message: string;
    mailSendId: string;
    recipientCount: number;
    toAddress?: string;
  }>('SendMailResult')
  .implement({
    fields: (t) => ({
      message: t.exposeString('message'),
      mailSendId: t.exposeID('mailSendId'),
      recipientCount: t.exposeInt('recipientCount'),
      toAddress: t.string({ nullable: true, resolve: (r) => r.toAddress ?? null }),
    }),
  });
