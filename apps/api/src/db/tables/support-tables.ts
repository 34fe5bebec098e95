import type { Generated } from 'kysely';
import type { BigId, BigIdentity, Locale } from './domain-tables';
import type { Timestamp } from './timestamp';

/** Tables of the support and mail migrations (0065, 0066, 0080; issue 15). */
type UserContactHistoryTable = {
  id: BigIdentity;
  user_contact_id: BigId;
  changed_at: Timestamp;
  admin_user_id: number | null;
  admin_user_name: string | null;
  field: 'status' | 'assignee';
  from_value: string | null;
  to_value: string | null;
};

type MailAudience = 'locale' | 'users' | 'test' | 'reply';

/** A reply mailed to the inquirer (through its own mail send) or an internal note (0161). */
type UserContactMessagesTable = {
  id: BigIdentity;
  user_contact_id: BigId;
  kind: 'reply' | 'note';
  body: string;
  admin_user_id: number | null;
  admin_user_name: string | null;
  mail_send_id: BigId | null;
  created_at: Timestamp;
};

type MailSendsTable = {
  id: BigIdentity;
  notification_id: number | null;
  audience: MailAudience;
  language: Locale;
  subject: string;
  recipient_count: number;
  created_by_admin_user_id: number | null;
  created_at: Timestamp;
  /** The message body, kept for a send the job expands (migration 0080). */
  body: Generated<string | null>;
  /** The frozen audience: users with an id up to this one (null: written in the request). */
  audience_max_user_id: Generated<number | null>;
  /** The highest user id whose outbox rows are written (the expansion's resume point). */
  expansion_cursor: Generated<number | null>;
};

export type SupportTables = {
  user_contact_history: UserContactHistoryTable;
  user_contact_messages: UserContactMessagesTable;
  mail_sends: MailSendsTable;
};
