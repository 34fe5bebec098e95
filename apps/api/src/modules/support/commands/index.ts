/**
 * The inquiry writes, one file each (docs/architecture.md, "A write, declared once"): each
 * declares its operation, input, access rule, answer and handler; importing it registers the
 * mutation.
 */
export { ADD_CONTACT_NOTE } from './add-contact-note';
export { ASSIGN_CONTACT } from './assign-contact';
export { REPLY_TO_CONTACT } from './reply-to-contact';
export { UPDATE_CONTACT_STATUS } from './update-contact-status';
