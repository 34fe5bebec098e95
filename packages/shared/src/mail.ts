import type { Locale } from './constants';

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
export type MailAudienceKind = (typeof MAIL_AUDIENCES)[number];

/** A CR or LF in a header value would let its text start a header of its own. */
export function hasLineBreak(value: string): boolean {
  return /[\r\n]/.test(value);
}
