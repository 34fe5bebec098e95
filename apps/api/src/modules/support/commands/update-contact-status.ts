import { CONTACT_MACHINE, canTransition, change, type ContactStatus } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { AppError } from '../../../shared/app-error';
import { notFound } from '../../../shared/list-input';
import * as repo from '../support-repository';
import { CONTACT_ID, contactId, contactStatus } from '../support-input';
import { ContactChangeRef } from '../support-types';

/** Moves an inquiry to any status (docs/domain.md, "Support inquiries"). */
export const UPDATE_CONTACT_STATUS = defineCommand({
  name: 'postUpdateUserContactStatus',
  event: change<{ status: ContactStatus }, { status: ContactStatus }>()('user_contact'),
  description: 'Moves an inquiry to a status (backlog, wip or closed; any transition).',
  access: 'write',
  scope: 'records',
  refreshes: ['userContacts', 'userContact'],
  input: {
    ...CONTACT_ID,
    /** One of CONTACT_STATUSES, checked by the handler (text in the contract). */
    status: { type: 'String', required: true },
  },
  answer: ContactChangeRef,
  handler: async (input, { actor, audit, services }) => {
    const id = contactId(input.userContactId);
    const status = contactStatus('status', input.status);
    await audit.change(async (trx) => {
      const current = await repo.lockContact(trx, id);
      if (!current) throw notFound('userContact', id);
      if (current.status !== status) {
        // Every move between two statuses is allowed today (CONTACT_MACHINE); the check
        // keeps the write on the one declaration if that changes.
        if (!canTransition(CONTACT_MACHINE, current.status, status))
          throw new AppError(
            'CONFLICT',
            `The inquiry is ${current.status} and cannot become ${status}.`,
            {
              reason: 'ILLEGAL_TRANSITION',
              params: { record: 'userContact', id, from: current.status, to: status },
            },
          );
        await repo.changeContact(trx, id, actor, {
          field: 'status',
          from: current.status,
          to: status,
        });
      }
      return {
        result: undefined,
        targetIds: [id],
        before: { status: current.status },
        after: { status },
      };
    });
    return { userContact: await services.support.detail(id), message: 'Status updated.' };
  },
});
