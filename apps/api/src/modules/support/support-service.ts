import {
  CONTACT_MACHINE,
  CONTACT_STATUSES,
  canTransition,
  formatMailRecipientError,
  isBlankText,
  type ContactStatus,
  type Locale,
  type MailStatus,
} from '@app/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { badInput, dateRange, notFound, notOneOf, notAnId } from '../../shared/list-input';
import type { PageRequest } from '../../shared/page';
import type { AuditService } from '../audit/audit-service';
import type { Actor } from '../../shared/actor';
import type { MailService } from '../mail/mail-service';
import {
  ADD_CONTACT_NOTE,
  ASSIGN_CONTACT,
  CONTACT_MESSAGE_MAX,
  REPLY_TO_CONTACT,
  UPDATE_CONTACT_STATUS,
} from './support-commands';
import { CONTACTS_LIST, type ContactsInput } from './support-list';
import * as repo from './support-repository';

export type { ContactsInput };

export { CONTACT_MESSAGE_MAX };

/** A reply or note as the detail shows it; a reply with its mail's delivery. */
export type ContactMessage = repo.ContactMessageRow & {
  delivery: {
    status: MailStatus;
    toAddress: string;
    sentAt: Date | null;
    smtpResponse: string | null;
  } | null;
};

export type ContactDetail = repo.ContactListRow & {
  history: repo.ContactHistoryRow[];
  messages: ContactMessage[];
};

/** A reply or note's text: not blank (the shared rule), at most CONTACT_MESSAGE_MAX characters. */
function messageBody(value: string): string {
  if (isBlankText(value)) throw badInput('body', 'must not be blank.', { code: 'required' });
  const body = value.trim();
  if (body.length > CONTACT_MESSAGE_MAX)
    throw badInput('body', `must be at most ${CONTACT_MESSAGE_MAX} characters.`, {
      code: 'maxLength',
      params: { max: CONTACT_MESSAGE_MAX },
    });
  return body;
}

function contactId(value: string | number): string {
  const text = String(value).trim();
  if (!/^[1-9]\d{0,17}$/.test(text)) throw notAnId('userContactId');
  return text;
}

function contactStatus(field: string, value: string): ContactStatus {
  if (!(CONTACT_STATUSES as readonly string[]).includes(value)) {
    throw notOneOf(field, CONTACT_STATUSES);
  }
  return value as ContactStatus;
}

/** Support inquiries (spec section 7, "Support"): the list, the detail and the two changes. */
export function createSupportService(
  db: Kysely<DB>,
  audit: AuditService,
  mail: Pick<MailService, 'queueReply' | 'replyDeliveries'>,
) {
  async function detail(id: string): Promise<ContactDetail> {
    const row = await repo.findContact(db, id);
    if (!row) throw notFound('userContact', id);
    const [history, messages] = await Promise.all([
      repo.listHistory(db, id),
      repo.listMessages(db, id),
    ]);
    const deliveries = await mail.replyDeliveries(
      messages.flatMap((m) => (m.mailSendId ? [m.mailSendId] : [])),
    );
    return {
      ...row,
      history,
      messages: messages.map((m) => ({
        ...m,
        delivery: m.mailSendId ? (deliveries.get(m.mailSendId) ?? null) : null,
      })),
    };
  }

  /** Writes a reply or note in one audited transaction with the inquiry locked. */
  async function addMessage(
    actor: Actor,
    rawId: string | number,
    kind: 'reply' | 'note',
    rawBody: string,
    locale: Locale,
  ): Promise<ContactDetail> {
    const id = contactId(rawId);
    const body = messageBody(rawBody);
    await audit.withAudit(
      actor,
      kind === 'reply' ? REPLY_TO_CONTACT.name : ADD_CONTACT_NOTE.name,
      async (trx) => {
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
              formatMailRecipientError(reason, { userIds, max: 1 }, locale),
              { field: 'userContactId', reason, userIds },
            );
          }
          ({ mailSendId, toAddress } = queued);
        }
        const message = await repo.addMessage(trx, {
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
          after: { messageId: message.id, kind, body, mailSendId, toAddress },
        };
      },
    );
    return detail(id);
  }

  return {
    /** One page of inquiries with the exact total and the status tab counts. */
    async list(input: ContactsInput, page: PageRequest<repo.ContactsSortTarget>) {
      const range = dateRange(
        'datetimeFrom',
        input.datetimeFrom,
        'datetimeUntil',
        input.datetimeUntil,
      );
      const values = CONTACTS_LIST.values(input);
      const filter: repo.ContactsFilter = {
        ...values,
        // Checked as sent: a status that is not one is refused, not trimmed away.
        userContactStatus: input.userContactStatus
          ? contactStatus('userContactStatus', input.userContactStatus)
          : undefined,
        datetimeFrom: range.from,
        datetimeUntil: range.until,
        // false is no filter, as left out.
        unassigned: values.unassigned || undefined,
      };
      if (filter.unassigned && filter.assigneeUserName) {
        throw badInput('unassigned', 'cannot be combined with assigneeUserName.');
      }
      const [result, counts] = await Promise.all([
        repo.listContacts(db, filter, page),
        repo.countByStatus(db, filter),
      ]);
      return {
        ...result,
        statusCounts: CONTACT_STATUSES.map((status) => ({ status, count: counts[status] })),
      };
    },

    /** An attachment by id (undefined for an unknown or malformed id). */
    async file(rawId: string) {
      if (!/^[1-9]\d{0,17}$/.test(rawId)) return undefined;
      return repo.findFile(db, rawId);
    },

    /**
     * Records that an admin is being given an attachment (who, which file, which inquiry), before
     * any byte is sent: a download that cannot be audited does not happen.
     */
    async recordDownload(
      actor: Actor,
      file: { id: string; userContactId: string; fileName: string; sizeBytes: number },
    ): Promise<void> {
      await audit.withAudit(actor, 'downloadUserContactFile', async () => ({
        result: undefined,
        targetIds: [file.id],
        before: null,
        after: {
          userContactId: file.userContactId,
          fileName: file.fileName,
          sizeBytes: file.sizeBytes,
        },
      }));
    },

    async statuses() {
      return repo.listContactStatuses(db);
    },

    async detail(id: string | number): Promise<ContactDetail> {
      return detail(contactId(id));
    },

    /** Mails a reply to the inquirer through the outbox, kept in the inquiry with its delivery. */
    reply: (actor: Actor, id: string | number, body: string, locale: Locale) =>
      addMessage(actor, id, 'reply', body, locale),

    /** An internal note on the inquiry, for admins only (never mailed). */
    addNote: (actor: Actor, id: string | number, body: string, locale: Locale) =>
      addMessage(actor, id, 'note', body, locale),

    /** Assigns an admin, or unassigns when no assignee is given; recorded in the history. */
    async assign(
      actor: Actor,
      rawId: string | number,
      assigneeUserId: number | null | undefined,
    ): Promise<ContactDetail> {
      const id = contactId(rawId);
      await audit.withAudit(actor, ASSIGN_CONTACT.name, async (trx) => {
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
        const nextId = assignee?.id ?? null;
        if (nextId !== current.assigneeId) {
          await repo.setContactAssignee(trx, id, nextId);
          await repo.addHistory(trx, {
            contactId: id,
            adminUserId: actor.adminUserId,
            adminUserName: actor.adminUserName,
            field: 'assignee',
            fromValue: before?.userName ?? null,
            toValue: assignee?.userName ?? null,
          });
        }
        return {
          result: undefined,
          targetIds: [id],
          before: { assignee: before },
          after: { assignee: assignee ?? null },
        };
      });
      return detail(id);
    },

    /** Moves an inquiry to any status (docs/domain.md, "Support inquiries"). */
    async updateStatus(
      actor: Actor,
      rawId: string | number,
      rawStatus: string,
    ): Promise<ContactDetail> {
      const id = contactId(rawId);
      const status = contactStatus('status', rawStatus);
      await audit.withAudit(actor, UPDATE_CONTACT_STATUS.name, async (trx) => {
        const current = await repo.lockContact(trx, id);
        if (!current) throw notFound('userContact', id);
        if (current.status !== status) {
          // Every move between two statuses is allowed today (CONTACT_MACHINE); the check
          // keeps the service on the one declaration if that changes.
          if (!canTransition(CONTACT_MACHINE, current.status, status))
            throw new AppError(
              'CONFLICT',
              `The inquiry is ${current.status} and cannot become ${status}.`,
              {
                reason: 'ILLEGAL_TRANSITION',
                params: { record: 'userContact', id, from: current.status, to: status },
              },
            );
          await repo.setContactStatus(trx, id, status);
          await repo.addHistory(trx, {
            contactId: id,
            adminUserId: actor.adminUserId,
            adminUserName: actor.adminUserName,
            field: 'status',
            fromValue: current.status,
            toValue: status,
          });
        }
        return {
          result: undefined,
          targetIds: [id],
          before: { status: current.status },
          after: { status },
        };
      });
      return detail(id);
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
