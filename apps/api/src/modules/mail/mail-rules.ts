import {
  formatMailRecipientError,
  hasLineBreak,
  isBlankText,
  MAIL_AUDIENCES,
  MAIL_MAX_NAMED_USERS,
  NOTIFICATION_MESSAGES,
  type Locale,
  type MailRecipientReason,
  type NotificationMessageKey,
  type TranslatedReason,
} from '@app/shared';
import type { Executor } from '../../db/executor';
import type { CommandInput } from '../../platform/commands';
import { FINGERPRINT_INPUT, setFingerprint, type ConfirmedSet } from '../../platform/confirmed-set';
import { AppError } from '../../shared/app-error';
import { badInput, notOneOf } from '../../shared/list-input';
import * as repo from './mail-repository';

// What the notification writes (commands/) and the mail preview share: a notification's
// fields and their checks, who a send goes to, and the message and set it sends.

const MAX_TITLE = 200;
const MAX_CONTENT = 20_000;

/** A notification's fields, as created and as replaced. */
export const NOTIFICATION_FIELDS = {
  title: { type: 'String' },
  content: { type: 'String' },
  language: { type: 'String', description: 'ja or en.' },
  isPublic: { type: 'Boolean', description: 'Default true.' },
  notifiedAt: {
    type: 'DateTime',
    description: 'Creating: default now. Updating: omitted keeps the notified-at it had.',
  },
} as const;

/** The input field of the writes on one notification: which. */
export const NOTIFICATION_ID = { notificationId: { type: 'Int', required: true } } as const;

/** Who a send goes to (the send's input, and the preview's arguments). */
const AUDIENCE = {
  audience: { type: 'String', description: 'locale (the default without userIds) or users.' },
  userIds: { type: 'Int', list: true },
} as const;

/** The send's input: the notification, its audience, and the set its preview showed. */
export const SEND_INPUT = { ...NOTIFICATION_ID, ...AUDIENCE, ...FINGERPRINT_INPUT } as const;

/** How a send's audience is chosen and refused (the send's and the preview's descriptions). */
export const AUDIENCE_RULE =
  'Audience: locale (users whose locale is the notification language; the default without userIds) or users (exactly the users of userIds; userIds alone means users). userIds with audience locale, users without ids, more than 1000 ids, ids matching no user and users without a usable address are refused (BAD_USER_INPUT, extensions.reason MAIL_*, extensions.userIds listing the ids) and nothing is sent.';

/** A notification's fields as the checks take them (create, and update after the id). */
type NotificationArgs = CommandInput<typeof NOTIFICATION_FIELDS>;
/** Who a send goes to, as the send and the preview take it. */
export type AudienceArgs = CommandInput<typeof AUDIENCE>;

const FOOTER: Record<Locale, string> = {
  ja: 'このメールは Aube 運営事務局から配信しています。',
  en: 'This message was sent to you by the Aube team.',
};

/** The message as every recipient receives it: the title as subject, the content and a footer. */
export function renderNotificationMail(n: { title: string; content: string; language: Locale }) {
  return {
    subject: n.title,
    body: `${n.content}\n\n--\n${FOOTER[n.language]}\n`,
    language: n.language,
  };
}

/**
 * The set a send acts on (platform/confirmed-set): its recipients, by user id, and the message
 * as previewed (a notification edited since is another set).
 */
export function mailSet(
  n: { id: number; title: string; content: string; language: Locale },
  audience: repo.Audience,
  userIds: readonly number[],
): ConfirmedSet {
  return setFingerprint(
    { mail: { notificationId: n.id, audience: audience.kind, ...renderNotificationMail(n) } },
    userIds.map((id) => ({ id, revision: 0 })),
  );
}

// The reason (registry in packages/shared) of each notification form check.
const NOTIFICATION_REASONS = {
  languageRequired: 'LANGUAGE_REQUIRED',
  titleRequired: 'TITLE_REQUIRED',
  titleLineBreak: 'TITLE_LINE_BREAK',
  contentRequired: 'CONTENT_REQUIRED',
} as const satisfies Partial<Record<NotificationMessageKey, TranslatedReason>>;

function formError(
  field: string,
  key: keyof typeof NOTIFICATION_REASONS,
  locale: Locale,
): AppError {
  return new AppError('BAD_USER_INPUT', NOTIFICATION_MESSAGES[locale][key], {
    field,
    reason: NOTIFICATION_REASONS[key],
  });
}

export function checkNotification(args: NotificationArgs, locale: Locale): repo.NotificationFields {
  // Blank (spaces or invisible characters only, the shared rule) is missing.
  if (isBlankText(args.title)) throw formError('title', 'titleRequired', locale);
  const title = (args.title ?? '').trim();
  // The title is the mail's Subject header: a line break would start a header of its own.
  if (hasLineBreak(title)) throw formError('title', 'titleLineBreak', locale);
  if (title.length > MAX_TITLE)
    throw badInput('title', `must be at most ${MAX_TITLE} characters.`, {
      code: 'maxLength',
      params: { max: MAX_TITLE },
    });
  if (args.language !== 'ja' && args.language !== 'en') {
    throw formError('language', 'languageRequired', locale);
  }
  const content = args.content ?? '';
  if (isBlankText(content)) throw formError('content', 'contentRequired', locale);
  if (content.length > MAX_CONTENT) {
    throw badInput('content', `must be at most ${MAX_CONTENT} characters.`, {
      code: 'maxLength',
      params: { max: MAX_CONTENT },
    });
  }
  return {
    title,
    content,
    language: args.language,
    isPublic: args.isPublic ?? true,
  };
}

/** A refused set of recipients: the reason's code, its text in `locale`, the ids concerned. */
function recipientError(
  reason: MailRecipientReason,
  locale: Locale,
  userIds: readonly number[] = [],
): AppError {
  return new AppError(
    'BAD_USER_INPUT',
    formatMailRecipientError(reason, { userIds, max: MAIL_MAX_NAMED_USERS }, locale),
    { field: 'userIds', reason, userIds, max: MAIL_MAX_NAMED_USERS },
  );
}

/**
 * Who a send goes to. Naming users (`userIds`, even without `audience`) means exactly those
 * users: it never widens to the language audience, and naming users together with
 * `audience: "locale"` is refused as contradictory (MAIL_AUDIENCE_CONFLICT).
 */
export function checkAudience(args: AudienceArgs, language: Locale, locale: Locale): repo.Audience {
  const named = args.userIds ?? null;
  const kind = args.audience ?? (named === null ? 'locale' : 'users');
  if (!(MAIL_AUDIENCES as readonly string[]).includes(kind)) {
    throw notOneOf('audience', MAIL_AUDIENCES);
  }
  if (kind === 'locale') {
    if (named !== null) throw recipientError('MAIL_AUDIENCE_CONFLICT', locale);
    return { kind: 'locale', language };
  }
  const ids = [...new Set(named ?? [])];
  if (ids.length === 0) throw recipientError('MAIL_NO_USERS', locale);
  if (ids.length > MAIL_MAX_NAMED_USERS) throw recipientError('MAIL_TOO_MANY_USERS', locale);
  return { kind: 'users', userIds: ids };
}

/**
 * The named users, in the order named, each of them existing and reachable: an id that matches
 * no user (MAIL_UNKNOWN_USERS) or a user without a usable address (MAIL_UNREACHABLE_USERS)
 * refuses the whole send, listing the ids, rather than mailing fewer people than named.
 */
export async function namedUsers(
  db: Executor,
  userIds: readonly number[],
  locale: Locale,
): Promise<repo.NamedUser[]> {
  const found = new Map((await repo.findNamedUsers(db, userIds)).map((u) => [u.id, u]));
  const unknown = userIds.filter((id) => !found.has(id));
  if (unknown.length > 0) throw recipientError('MAIL_UNKNOWN_USERS', locale, unknown);
  const users = userIds.map((id) => found.get(id)!);
  const unreachable = users.filter((u) => !u.deliverable).map((u) => u.id);
  if (unreachable.length > 0) throw recipientError('MAIL_UNREACHABLE_USERS', locale, unreachable);
  return users;
}
