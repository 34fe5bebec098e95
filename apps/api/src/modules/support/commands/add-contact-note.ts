import { change, type ContactMessageSummary } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { BODY, CONTACT_ID, contactId, messageBody } from '../support-input';
import { addContactMessage } from '../support-messages';
import { ContactChangeRef } from '../support-types';

/** An internal note on the inquiry, for admins only (never mailed). */
export const ADD_CONTACT_NOTE = defineCommand({
  name: 'postAddNoteToUserContact',
  event: change<null, ContactMessageSummary>()('user_contact'),
  description:
    'Adds an internal note to an inquiry: shown to admins in its messages, never mailed. The same body rules as a reply.',
  access: 'write',
  scope: 'records',
  refreshes: ['userContact'],
  input: { ...CONTACT_ID, ...BODY },
  answer: ContactChangeRef,
  handler: async (input, { actor, audit, locale, services }) => {
    const id = contactId(input.userContactId);
    const body = messageBody(input.body);
    await audit.change((trx) =>
      addContactMessage(trx, services.mail, { actor, id, kind: 'note', body, locale }),
    );
    return { userContact: await services.support.detail(id), message: 'Note added.' };
  },
});
