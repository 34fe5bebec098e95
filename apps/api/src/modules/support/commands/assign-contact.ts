import { change } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { notFound } from '../../../shared/list-input';
import * as repo from '../support-repository';
import { CONTACT_ID, contactId } from '../support-input';
import { ContactChangeRef } from '../support-types';

/** Assigns an admin to an inquiry, or unassigns it; recorded in the inquiry's history. */
export const ASSIGN_CONTACT = defineCommand({
  name: 'postAssignAdminUserToUserContact',
  event: change<
    { assignee: { id: number; userName: string } | null },
    { assignee: { id: number; userName: string } | null }
  >()('user_contact'),
  description: 'Assigns an admin to an inquiry; without assigneeUserId, unassigns it.',
  access: 'write',
  scope: 'records',
  refreshes: ['userContacts', 'userContact'],
  input: { ...CONTACT_ID, assigneeUserId: { type: 'Int' } },
  answer: ContactChangeRef,
  handler: async ({ userContactId, assigneeUserId }, { actor, audit, services }) => {
    const id = contactId(userContactId);
    await audit.change(async (trx) => {
      const current = await repo.lockContact(trx, id);
      if (!current) throw notFound('userContact', id);
      let assignee: { id: number; userName: string } | undefined;
      if (assigneeUserId !== null && assigneeUserId !== undefined) {
        assignee = await repo.findAdminName(trx, assigneeUserId);
        if (!assignee) throw notFound('adminUser', assigneeUserId);
      }
      const before = current.assigneeId
        ? ((await repo.findAdminName(trx, current.assigneeId)) ?? null)
        : null;
      const after = assignee ?? null;
      if ((after?.id ?? null) !== current.assigneeId)
        await repo.changeContact(trx, id, actor, { field: 'assignee', from: before, to: after });
      return {
        result: undefined,
        targetIds: [id],
        before: { assignee: before },
        after: { assignee: after },
      };
    });
    return {
      userContact: await services.support.detail(id),
      message: assigneeUserId ? 'Assignee updated.' : 'Assignee removed.',
    };
  },
});
