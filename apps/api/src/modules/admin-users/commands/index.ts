/**
 * The admin account writes, one file each (docs/architecture.md, "A write, declared once"):
 * each declares its operation (its mutation and the audit event it writes), input, access
 * rule, answer and handler; importing it registers the mutation.
 */
export { ADD_ADMIN } from './add-admin';
export { ADD_ROLES } from './add-roles';
export { CANCEL_ROLE_GRANT } from './cancel-role-grant';
export { CONFIRM_ROLE_GRANT } from './confirm-role-grant';
export { DELETE_ADMIN } from './delete-admin';
export { REMOVE_ROLES } from './remove-roles';
export { UPDATE_PROFILE } from './update-profile';
