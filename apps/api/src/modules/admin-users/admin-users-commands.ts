import { defineCommand, type CommandInput } from '../../platform/commands';

/**
 * The admin account writes, declared once (docs/architecture.md, "A write, declared once"):
 * each one's operation (its mutation and the audit event it writes) and its input. The
 * mutations' arguments and the service's input types are derived from these.
 */

const USER_ID = { userId: { type: 'Int', required: true } } as const;
const ROLES = { roles: { type: 'String', list: true, required: true } } as const;

export const ADD_ADMIN = defineCommand({
  name: 'postAddNewAdminUser',
  input: {
    userName: { type: 'String', required: true },
    email: { type: 'String', required: true },
    ...ROLES,
  },
});

export const ADD_ROLES = defineCommand({
  name: 'postAddRoleToUser',
  input: { ...USER_ID, ...ROLES },
});

export const REMOVE_ROLES = defineCommand({
  name: 'postDeleteRoleFromUser',
  input: { ...USER_ID, ...ROLES },
});

export const DELETE_ADMIN = defineCommand({
  name: 'postDeleteAdminUser',
  input: USER_ID,
});

/** The signed-in admin's own account; the old password guards the email and the password. */
export const UPDATE_PROFILE = defineCommand({
  name: 'postUpdateAdminUserProfile',
  input: {
    email: { type: 'String' },
    userName: { type: 'String' },
    oldPassword: { type: 'String' },
    newPassword: { type: 'String' },
  },
});

/** A pending grant of an approving role, confirmed or withdrawn by id (admin-role-grants.ts). */
const GRANT_ID = { id: { type: 'ID', required: true } } as const;

export const CONFIRM_ROLE_GRANT = defineCommand({
  name: 'postConfirmAdminRoleGrant',
  input: GRANT_ID,
});

export const CANCEL_ROLE_GRANT = defineCommand({
  name: 'postCancelAdminRoleGrant',
  input: GRANT_ID,
});

export type RoleGrantIdInput = CommandInput<typeof CONFIRM_ROLE_GRANT.input>;
export type NewAdminInput = CommandInput<typeof ADD_ADMIN.input>;
/** Whose roles change and which (adding and taking away take the same input). */
export type RoleChangeInput = CommandInput<typeof ADD_ROLES.input>;
export type AdminIdInput = CommandInput<typeof DELETE_ADMIN.input>;
export type ProfileInput = CommandInput<typeof UPDATE_PROFILE.input>;
