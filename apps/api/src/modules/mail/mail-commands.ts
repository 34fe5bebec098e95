import { defineCommand, type CommandInput } from '../../platform/commands';
import { confirmedSetWrite, FINGERPRINT_INPUT } from '../../platform/confirmed-set';

/**
 * The notification writes, declared once (docs/architecture.md, "A write, declared once"):
 * each one's operation (its mutation and the audit event it writes) and its input. The
 * mutations' arguments and the service's input types are derived from these.
 */

/** A notification's fields, as created and as replaced. */
const NOTIFICATION_FIELDS = {
  title: { type: 'String' },
  content: { type: 'String' },
  language: { type: 'String', description: 'ja or en.' },
  isPublic: { type: 'Boolean', description: 'Default true.' },
  notifiedAt: {
    type: 'DateTime',
    description: 'Creating: default now. Updating: omitted keeps the notified-at it had.',
  },
} as const;

const NOTIFICATION_ID = { notificationId: { type: 'Int', required: true } } as const;

export const CREATE_NOTIFICATION = defineCommand({
  name: 'postCreateNotification',
  input: NOTIFICATION_FIELDS,
});

export const UPDATE_NOTIFICATION = defineCommand({
  name: 'postUpdateNotification',
  input: { ...NOTIFICATION_ID, ...NOTIFICATION_FIELDS },
});

export const DELETE_NOTIFICATION = defineCommand({
  name: 'postDeleteNotification',
  input: NOTIFICATION_ID,
});

export const SEND_TEST_MAIL = defineCommand({
  name: 'postSendTestMail',
  input: NOTIFICATION_ID,
});

export const SEND_MAIL = defineCommand({
  name: 'postSendMail',
  input: {
    ...NOTIFICATION_ID,
    audience: { type: 'String', description: 'locale (the default without userIds) or users.' },
    userIds: { type: 'Int', list: true },
    ...FINGERPRINT_INPUT,
  },
});

/** A send acts on a confirmed set: the audience (and message) mailPreview showed. */
export const SEND_MAIL_SET = confirmedSetWrite(SEND_MAIL.name);

/** A notification's fields as the service takes them (create, and update after the id). */
export type NotificationArgs = CommandInput<typeof NOTIFICATION_FIELDS>;
/** Who a send goes to, as the service takes it (the send and the preview). */
export type AudienceArgs = Omit<
  CommandInput<typeof SEND_MAIL.input>,
  'notificationId' | 'fingerprint'
>;
