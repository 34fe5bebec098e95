import { contactMessageCommand } from '../contact-message-command';

/** Mails a reply to the inquirer through the outbox, kept in the inquiry with its delivery. */
export const REPLY_TO_CONTACT = contactMessageCommand({
  name: 'postReplyToUserContact',
  kind: 'reply',
  description:
    "Answers the inquirer by mail: the reply is queued in the mail outbox (to the user's address, in the user's language) and kept in the inquiry's messages with its delivery status. A blank or too long body (extensions.problem required / maxLength) and a user without a usable address (reason MAIL_UNREACHABLE_USERS) are refused and nothing is written.",
  done: 'Reply queued.',
});
