import { MAIL_RECIPIENTS_SHAPE, MAIL_SENDS_SHAPE, NOTIFICATIONS_SHAPE } from '@app/shared';
import { defineList, type FilterInput } from '../../platform/lists';

/**
 * The mail module's lists, declared once (docs/list-conventions.md): their filters and sort
 * targets. The schema's arguments and the service's inputs are derived from them; a required
 * argument that names whose rows these are (a send's recipients) stays beside the declaration.
 */
export const NOTIFICATIONS_LIST = defineList(NOTIFICATIONS_SHAPE);

/** Sends, newest first; of one notification when notificationId is given. */
export const MAIL_SENDS_LIST = defineList(MAIL_SENDS_SHAPE);

/** The recipients of one send (the required mailSendId), by delivery status. */
export const MAIL_RECIPIENTS_LIST = defineList(MAIL_RECIPIENTS_SHAPE);

export type NotificationsSortTarget = (typeof NOTIFICATIONS_LIST.sortTargets)[number];
export type NotificationsInput = FilterInput<typeof NOTIFICATIONS_LIST.filters>;
export type MailSendsInput = FilterInput<typeof MAIL_SENDS_LIST.filters>;
export type MailRecipientsInput = FilterInput<typeof MAIL_RECIPIENTS_LIST.filters>;
