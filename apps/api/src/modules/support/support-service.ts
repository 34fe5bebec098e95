import { CONTACT_STATUSES, type MailStatus } from '@app/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { badInput, dateRange, notFound } from '../../shared/list-input';
import type { PageRequest } from '../../shared/page';
import type { AuditService } from '../audit/audit-service';
import type { Actor } from '../../shared/actor';
import type { MailService } from '../mail/mail-service';
import { contactId, contactStatus } from './support-input';
import { CONTACTS_LIST, type ContactsInput } from './support-list';
import * as repo from './support-repository';

export type { ContactsInput };

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

/**
 * Support inquiries (spec section 7, "Support"): the list, the detail and the attachments. The
 * writes are one file each in commands/ (docs/architecture.md, "A write, declared once").
 */
export function createSupportService(
  db: Kysely<DB>,
  audit: AuditService,
  mail: Pick<MailService, 'replyDeliveries'>,
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
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
