/** Why a send's recipients were refused, in Japanese (see MAIL_RECIPIENT_REASONS). */
export const MAIL_RECIPIENT_MESSAGES_JA = {
  MAIL_AUDIENCE_CONFLICT:
    'ユーザーの指定と言語による配信先は同時に指定できません。送信していません。',
  MAIL_NO_USERS: 'ユーザーを1人以上選択してください。送信していません。',
  MAIL_TOO_MANY_USERS:
    '選択できるユーザーは{{max}}人までです。言語による配信先で送信してください。送信していません。',
  MAIL_UNKNOWN_USERS: '次のIDのユーザーは存在しません: {{userIds}}。送信していません。',
  MAIL_UNREACHABLE_USERS:
    '次のユーザーには送信できるメールアドレスがありません: {{userIds}}。送信していません。',
} as const;
