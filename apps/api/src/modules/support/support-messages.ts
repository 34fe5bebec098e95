import { formatMailRecipientError, type Locale } from '@app/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../shared/actor';
import { AppError } from '../../shared/app-error';
import { notFound } from '../../shared/list-input';
import type { MailService } from '../mail/mail-service';
import * as repo from './support-repository';

/**
 * Writes a reply (mailed through the outbox) or a note into an inquiry, locked, inside the
 * write's audited transaction; answers the audit change both writes record. A reply to a new
 * (backlog) inquiry also moves it to wip, with its history row.
 */
export async function addContactMessage(
  trx: Transaction<DB>,
  mail: Pick<MailService, 'queueReply'>,
  message: { actor: Actor; id: string; kind: 'reply' | 'note'; body: string; locale: Locale },
) {
  const { actor, id, kind, body } = message;
  const current = await repo.lockContact(trx, id);
  if (!current) throw notFound('userContact', id);
  let mailSendId: string | null = null;
  let toAddress: string | null = null;
  if (kind === 'reply') {
    const queued = await mail.queueReply(trx, {
      endUserId: current.endUserId,
      inquiryTitle: current.title,
      body,
      adminId: actor.adminUserId,
    });
    if (!queued) {
      const reason = 'MAIL_UNREACHABLE_USERS';
      const userIds = [current.endUserId];
      throw new AppError(
        'BAD_USER_INPUT',
        formatMailRecipientError(reason, { userIds, max: 1 }, message.locale),
        { field: 'userContactId', reason, userIds },
      );
    }
    ({ mailSendId, toAddress } = queued);
    // A reply answers a new inquiry: it is being handled now (issue 35). The operator may set
    // it back; a reply to an inquiry in progress or closed leaves its status as it is.
    if (current.status === 'backlog') {
      await repo.changeContact(trx, id, actor, { field: 'status', from: 'backlog', to: 'wip' });
    }
  }
  const added = await repo.addMessage(trx, {
    contactId: id,
    kind,
    body,
    adminUserId: actor.adminUserId,
    adminUserName: actor.adminUserName,
    mailSendId,
  });
  return {
    result: undefined,
    targetIds: [id],
    before: null,
    after: { messageId: added.id, kind, body, mailSendId, toAddress },
  };
}
