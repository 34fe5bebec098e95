import type { Locale } from './constants';
import { MAIL_RECIPIENT_MESSAGES_EN } from './mail-messages-en';
import { MAIL_RECIPIENT_MESSAGES_JA } from './mail-messages-ja';

/** Notifications and mail (issue 15): the spec's form messages, in both languages. */
export const NOTIFICATION_MESSAGES = {
  en: {
    languageRequired: 'Please select a language.',
    titleRequired: 'Please input title.',
    titleLineBreak: 'The title must be on one line.',
    contentRequired: 'Please input content.',
    sendConfirm: 'Do you want to send this mail?',
  },
  ja: {
    languageRequired: '言語を選択してください。',
    titleRequired: 'タイトルを入力してください。',
    titleLineBreak: 'タイトルは1行で入力してください。',
    contentRequired: '本文を入力してください。',
    sendConfirm: 'このメールを送信しますか？',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type NotificationMessageKey = keyof (typeof NOTIFICATION_MESSAGES)['en'];

/** How a recipient's message stands: queued (waiting or retrying), sending, sent or failed. */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** Who receives a send: users whose locale is the notification's language, or chosen users. */
export const MAIL_AUDIENCES = ['locale', 'users'] as const;

/** At most this many users may be named in one send (a larger audience goes by language). */
export const MAIL_MAX_NAMED_USERS = 1000;

/**
 * Why a send's recipients were refused (`extensions.reason` of a BAD_USER_INPUT answer, with
 * `extensions.userIds` naming the ids concerned and `extensions.max` the limit). Naming users
 * means exactly those users (docs/api.md, "Named recipients"), so anything that would make the
 * recipients differ from the named users refuses the whole send and nothing is queued.
 */
export const MAIL_RECIPIENT_REASONS = [
  // Users named (userIds) together with audience "locale": two different audiences.
  'MAIL_AUDIENCE_CONFLICT',
  // Audience "users" (or an empty userIds list) without any user.
  'MAIL_NO_USERS',
  'MAIL_TOO_MANY_USERS',
  // Ids that match no user.
  'MAIL_UNKNOWN_USERS',
  // Users without an address mail can go to (empty, or with a line break).
  'MAIL_UNREACHABLE_USERS',
] as const;
export type MailRecipientReason = (typeof MAIL_RECIPIENT_REASONS)[number];

/**
 * The texts of MAIL_RECIPIENT_REASONS (i18next placeholders: {{userIds}}, {{max}}), one module
 * per language so the web app's language catalogue carries only its own language's texts and
 * the first load none of them (the dashboard's 200 KiB budget).
 */
const MAIL_RECIPIENT_MESSAGES = {
  en: MAIL_RECIPIENT_MESSAGES_EN,
  ja: MAIL_RECIPIENT_MESSAGES_JA,
} as const satisfies Record<Locale, Record<MailRecipientReason, string>>;

export function isMailRecipientReason(value: unknown): value is MailRecipientReason {
  return typeof value === 'string' && (MAIL_RECIPIENT_REASONS as readonly string[]).includes(value);
}

/** The text of a refused recipients reason in `locale`, its placeholders filled in. */
export function formatMailRecipientError(
  reason: MailRecipientReason,
  params: { userIds?: readonly (number | string)[]; max?: number },
  locale: Locale,
): string {
  return MAIL_RECIPIENT_MESSAGES[locale][reason]
    .replace('{{userIds}}', (params.userIds ?? []).join(', '))
    .replace('{{max}}', String(params.max ?? MAIL_MAX_NAMED_USERS));
}

/** A CR or LF in a header value would let its text start a header of its own. */
export function hasLineBreak(value: string): boolean {
  return /[\r\n]/.test(value);
}
