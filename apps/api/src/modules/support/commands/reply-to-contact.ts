import { change, type ContactMessageSummary } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { BODY, CONTACT_ID, contactId, messageBody } from '../support-input';
import { addContactMessage } from '../support-messages';
import { ContactChangeRef } from '../support-types';

/** Mails a reply to the inquirer through the outbox, kept in the inquiry with its delivery. */
export const REPLY_TO_CONTACT = defineCommand({
  name: 'postReplyToUserContact',
  /** A reply mailed to the user (mailSendId, toAddress) or an internal note (both null). */
  event: change<null, ContactMessageSummary>()('user_contact'),
  description:
    "Answers the inquirer by mail: the reply is queued in the mail outbox (to the user's address, in the user's language) and kept in the inquiry's messages with its delivery status. A blank or too long body (extensions.problem required / maxLength) and a user without a usable address (reason MAIL_UNREACHABLE_USERS) are refused and nothing is written.",
  access: 'write',
  scope: 'records',
  refreshes: ['userContact'],
  input: { ...CONTACT_ID, ...BODY },
  answer: ContactChangeRef,
  handler: async (input, { actor, audit, locale, services }) => {
    const id = contactId(input.userContactId);
    const body = messageBody(input.body);
    await audit.change((trx) =>
      addContactMessage(trx, services.mail, { actor, id, kind: 'reply', body, locale }),
    );
    return { userContact: await services.support.detail(id), message: 'Reply queued.' };
  },
});
