/**
 * Why a send's recipients were refused, in English (see MAIL_RECIPIENT_REASONS; mail.ts checks
 * that every reason has a text here, so this file imports nothing back from it).
 */
export const MAIL_RECIPIENT_MESSAGES_EN = {
  MAIL_AUDIENCE_CONFLICT: 'Choose either users or a language audience, not both. Nothing was sent.',
  MAIL_NO_USERS: 'Choose at least one user. Nothing was sent.',
  MAIL_TOO_MANY_USERS:
    'At most {{max}} users can be chosen; send to a language audience instead. Nothing was sent.',
  MAIL_UNKNOWN_USERS: 'No user has these ids: {{userIds}}. Nothing was sent.',
  MAIL_UNREACHABLE_USERS:
    'These users have no address mail can be sent to: {{userIds}}. Nothing was sent.',
} as const;
