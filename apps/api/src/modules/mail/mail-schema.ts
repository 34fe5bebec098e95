import { builder } from '../../graphql/builder';
import { filterArgs } from '../../graphql/filter-fields';
import { pagedListQuery } from '../../graphql/pagination';
import type { NamedUser, RecipientRow, SendCounts, SendRow } from './mail-repository';
import { AUDIENCE_RULE } from './mail-rules';
import { NotificationRef } from './mail-types';
import { MAIL_RECIPIENTS_LIST, MAIL_SENDS_LIST, NOTIFICATIONS_LIST } from './mail-list';

const MailNamedUserRef = builder.objectRef<NamedUser>('MailNamedUser').implement({
  description: 'A user named as a recipient, as the send will address them.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    userName: t.exposeString('userName'),
    email: t.exposeString('email'),
  }),
});

const MailPreviewRef = builder
  .objectRef<{
    subject: string;
    body: string;
    language: string;
    recipientCount: number;
    fingerprint: string;
    namedUsers: NamedUser[];
  }>('MailPreview')
  .implement({
    description: 'The message exactly as recipients receive it, and how many the audience reaches.',
    fields: (t) => ({
      subject: t.exposeString('subject'),
      body: t.exposeString('body'),
      language: t.exposeString('language'),
      recipientCount: t.exposeInt('recipientCount'),
      fingerprint: t.exposeString('fingerprint', {
        description:
          'The fingerprint of this message to exactly these recipients: postSendMail sent with it mails this set or refuses (CONFLICT, reason LIST_CHANGED).',
      }),
      namedUsers: t.expose('namedUsers', {
        type: [MailNamedUserRef],
        description:
          'Audience users: exactly the named users, in the order named, who are the recipients. Empty for a language audience.',
      }),
    }),
  });

const MailCountsRef = builder.objectRef<SendCounts>('MailStatusCounts').implement({
  description: 'Recipients by status: queued (waiting or retrying), sending, sent, failed.',
  fields: (t) => ({
    queued: t.exposeInt('queued'),
    sending: t.exposeInt('sending'),
    sent: t.exposeInt('sent'),
    failed: t.exposeInt('failed'),
  }),
});

const MailSendRef = builder.objectRef<SendRow & { counts?: SendCounts }>('MailSend').implement({
  description: 'One send of a notification (or a test to the admin) and its progress.',
  fields: (t) => ({
    id: t.exposeID('id'),
    notificationId: t.exposeInt('notificationId', { nullable: true }),
    audience: t.exposeString('audience', { description: 'locale, users or test.' }),
    language: t.exposeString('language'),
    subject: t.exposeString('subject'),
    recipientCount: t.exposeInt('recipientCount'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    createdBy: t.exposeString('createdBy', { nullable: true }),
    counts: t.field({
      type: MailCountsRef,
      resolve: async (s, _args, ctx) =>
        s.counts ?? (await ctx.services.mail.sendStatus(s.id)).counts,
    }),
  }),
});

const MailRecipientRef = builder.objectRef<RecipientRow>('MailRecipient').implement({
  description: 'One recipient of a send: the message as sent and how its delivery stands.',
  fields: (t) => ({
    id: t.exposeID('id'),
    toAddress: t.exposeString('toAddress'),
    userName: t.exposeString('userName', { nullable: true }),
    subject: t.exposeString('subject'),
    body: t.exposeString('body'),
    language: t.exposeString('language'),
    status: t.exposeString('status', { description: 'queued, sending, sent or failed.' }),
    attempts: t.exposeInt('attempts'),
    smtpResponse: t.exposeString('smtpResponse', {
      nullable: true,
      description: "The SMTP server's answer to the last attempt.",
    }),
    lastError: t.exposeString('lastError', { nullable: true }),
    sentAt: t.expose('sentAt', { type: 'DateTime', nullable: true }),
    nextAttemptAt: t.expose('nextAttemptAt', { type: 'DateTime' }),
  }),
});

const MailDeliveryRef = builder
  .objectRef<{ smtpConfigured: boolean; queued: number }>('MailDelivery')
  .implement({
    fields: (t) => ({
      smtpConfigured: t.exposeBoolean('smtpConfigured', {
        description: 'False without SMTP_URL: nothing is sent and messages stay queued.',
      }),
      queued: t.exposeInt('queued', { description: 'Messages waiting to be sent, all sends.' }),
    }),
  });

pagedListQuery(NOTIFICATIONS_LIST, {
  type: 'NotificationList',
  item: NotificationRef,
  description: 'Notifications, newest notified first (pagination optional).',
  authScopes: { authenticated: true },
  args: () => filterArgs(NOTIFICATIONS_LIST.filters),
  load: (args, page, ctx) => ctx.services.mail.list(args, page),
});

builder.queryField('notification', (t) =>
  t.field({
    type: NotificationRef,
    authScopes: { authenticated: true },
    args: { notificationId: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.mail.get(args.notificationId),
  }),
);

builder.queryField('mailPreview', (t) =>
  t.field({
    description: `The mail of a notification as it will be sent, the recipient count of the audience and the named users. ${AUDIENCE_RULE}`,
    type: MailPreviewRef,
    authScopes: { authenticated: true },
    args: {
      notificationId: t.arg.int({ required: true }),
      audience: t.arg.string({ required: false }),
      userIds: t.arg.intList({ required: false }),
    },
    resolve: (_root, args, ctx) => ctx.services.mail.preview(args.notificationId, args, ctx.locale),
  }),
);

builder.queryField('mailSend', (t) =>
  t.field({
    description: 'One send with its recipient counts by status (poll it for progress).',
    type: MailSendRef,
    authScopes: { authenticated: true },
    args: { mailSendId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.mail.sendStatus(String(args.mailSendId)),
  }),
);

pagedListQuery(MAIL_SENDS_LIST, {
  type: 'MailSendList',
  item: MailSendRef,
  description: 'Sends, newest first; of one notification when notificationId is given.',
  authScopes: { authenticated: true },
  args: () => filterArgs(MAIL_SENDS_LIST.filters),
  load: (args, page, ctx) => ctx.services.mail.sends(args, page),
});

pagedListQuery(MAIL_RECIPIENTS_LIST, {
  type: 'MailRecipientList',
  item: MailRecipientRef,
  description:
    'The recipients of a send with their delivery status (queued, sending, sent, failed).',
  authScopes: { authenticated: true },
  // Whose rows these are: required, so beside the declared filters.
  args: (arg) => ({
    mailSendId: arg.id({ required: true }),
    ...filterArgs(MAIL_RECIPIENTS_LIST.filters),
  }),
  load: ({ mailSendId, ...filter }, page, ctx) =>
    ctx.services.mail.recipients(String(mailSendId), filter, page),
});

builder.queryField('mailDelivery', (t) =>
  t.field({
    description: 'Whether SMTP is configured, and how many messages wait.',
    type: MailDeliveryRef,
    authScopes: { authenticated: true },
    resolve: async (_root, _args, ctx) => ({
      smtpConfigured: ctx.services.mail.smtpConfigured,
      queued: await ctx.services.mail.queuedCount(),
    }),
  }),
);
