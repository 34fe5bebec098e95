/**
 * The notification and mail writes, one file each (docs/architecture.md, "A write, declared
 * once"): each declares its operation (its mutation and the audit event it writes), input,
 * access rule, answer and handler; importing it registers the mutation.
 */
export { CREATE_NOTIFICATION } from './create-notification';
export { DELETE_NOTIFICATION } from './delete-notification';
export { SEND_MAIL, SEND_MAIL_SET } from './send-mail';
export { SEND_TEST_MAIL } from './send-test-mail';
export { UPDATE_NOTIFICATION } from './update-notification';
