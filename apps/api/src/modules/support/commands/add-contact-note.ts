import { contactMessageCommand } from '../contact-message-command';

/** An internal note on the inquiry, for admins only (never mailed). */
export const ADD_CONTACT_NOTE = contactMessageCommand({
  name: 'postAddNoteToUserContact',
  kind: 'note',
  description:
    'Adds an internal note to an inquiry: shown to admins in its messages, never mailed. The same body rules as a reply.',
  done: 'Note added.',
});
