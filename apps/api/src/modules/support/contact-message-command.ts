import { change, type ContactMessageSummary } from '@app/shared';
import { defineCommand } from '../../platform/commands';
import { BODY, CONTACT_ID, contactId, messageBody } from './support-input';
import { addContactMessage } from './support-messages';
import { ContactChangeRef } from './support-types';

/**
 * A reply's or a note's write (commands/reply-to-contact.ts, commands/add-contact-note.ts): the
 * two take the same input, write the same event through addContactMessage and answer the inquiry
 * as it is now; only the kind, the mutation's name and words, and the answer's message differ.
 */
export function contactMessageCommand<const N extends string>(write: {
  name: N;
  kind: 'reply' | 'note';
  description: string;
  /** The answer's message once the message is added. */
  done: string;
}) {
  const { kind, done } = write;
  return defineCommand({
    name: write.name,
    /** A reply mailed to the user (mailSendId, toAddress) or an internal note (both null). */
    event: change<null, ContactMessageSummary>()('user_contact'),
    description: write.description,
    access: 'write',
    scope: 'records',
    refreshes: ['userContact'],
    input: { ...CONTACT_ID, ...BODY },
    answer: ContactChangeRef,
    handler: async (input, { actor, audit, locale, services }) => {
      const id = contactId(input.userContactId);
      const body = messageBody(input.body);
      await audit.change((trx) =>
        addContactMessage(trx, services.mail, { actor, id, kind, body, locale }),
      );
      return { userContact: await services.support.detail(id), message: done };
    },
  });
}
