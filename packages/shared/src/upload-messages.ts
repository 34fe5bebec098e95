/**
 * What a transaction-hash upload says about the file as a whole: a code with parameters the
 * web app words in the admin's language (`withdrawals.uploadMessages.<code>`); the answer's
 * `message` stays in English for API callers.
 * - checked: a dry run read `rowCount` rows, `invalidRowCount` of them with errors,
 *   `errorCount` errors in all, and changed nothing.
 * - alreadyImported: a dry run of content applied before (`rowCount` rows); applying it is refused.
 * - completed: `count` requests were completed.
 */
export const UPLOAD_MESSAGE_CODES = ['checked', 'alreadyImported', 'completed'] as const;

export type UploadMessageCode = (typeof UPLOAD_MESSAGE_CODES)[number];

export function isUploadMessageCode(value: unknown): value is UploadMessageCode {
  return typeof value === 'string' && (UPLOAD_MESSAGE_CODES as readonly string[]).includes(value);
}
