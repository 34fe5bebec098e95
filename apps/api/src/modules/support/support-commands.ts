import { defineCommand } from '../../platform/commands';

/**
 * The inquiry writes, declared once (docs/architecture.md, "A write, declared once"): each
 * one's operation (its mutation and the audit event it writes) and its input. The mutations'
 * arguments are derived from these.
 */

/** The longest reply or note (characters); the database checks the same bound (0161). */
export const CONTACT_MESSAGE_MAX = 10_000;

const CONTACT_ID = { userContactId: { type: 'ID', required: true } } as const;
const BODY = {
  body: {
    type: 'String',
    required: true,
    description: `Not blank, at most ${CONTACT_MESSAGE_MAX} characters.`,
  },
} as const;

export const ASSIGN_CONTACT = defineCommand({
  name: 'postAssignAdminUserToUserContact',
  input: { ...CONTACT_ID, assigneeUserId: { type: 'Int' } },
});

export const UPDATE_CONTACT_STATUS = defineCommand({
  name: 'postUpdateUserContactStatus',
  input: {
    ...CONTACT_ID,
    /** One of CONTACT_STATUSES, checked by the service (text in the contract). */
    status: { type: 'String', required: true },
  },
});

export const REPLY_TO_CONTACT = defineCommand({
  name: 'postReplyToUserContact',
  input: { ...CONTACT_ID, ...BODY },
});

export const ADD_CONTACT_NOTE = defineCommand({
  name: 'postAddNoteToUserContact',
  input: { ...CONTACT_ID, ...BODY },
});
