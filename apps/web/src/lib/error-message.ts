import type { TFunction } from 'i18next';
import {
  isErrorCode,
  isImportApplyRefusal,
  isImportFileProblem,
  isInputProblemCode,
  isMailRecipientReason,
  isTranslatedReason,
} from '@app/shared';
import { formatDateTime } from './date-time';
import { GraphQLRequestError, NetworkError } from './graphql-client';

// Codes whose server message is generic enough that a translated text says it better.
const TRANSLATED_CODES = new Set([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'INVALID_CREDENTIALS',
  'TOTP_REQUIRED',
  'TOO_MANY_REQUESTS',
  'TRY_AGAIN',
  'INTERNAL_SERVER_ERROR',
  'QUERY_TOO_COMPLEX',
  'PAYLOAD_TOO_LARGE',
  'QUERY_TIMEOUT',
  'IMPORT_BUSY',
]);

// `extensions.reason` values with a text of their own (errors.<reason> in both catalogues).
const REASON_TEXTS = new Set([
  'LIST_CHANGED',
  'NOTHING_TO_EXPORT',
  'APPROVALS_MISSING',
  'STATE_CHANGING_QUERY',
  'EXPORT_KEY_REUSED',
]);

/** The one place where an error from the API becomes text for the operator. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof NetworkError)
    return t(error.reachedServer ? 'errors.network' : 'errors.unreachable');
  if (error instanceof GraphQLRequestError) {
    const code = error.code;
    if (error.isAuthorizationError) return t('errors.UNAUTHENTICATED');
    const reason = error.errors[0]?.extensions?.reason;
    // A refusal with a reason the app words itself (TRANSLATED_REASONS in packages/shared:
    // blank text, threshold changes, rate assignments), before the code's generic text (FORBIDDEN, …).
    if (isTranslatedReason(reason)) return t(`errors.reasons.${reason}`);
    if (isErrorCode(code) && TRANSLATED_CODES.has(code)) return t(`errors.${code}`);
    // A refusal with a reason of its own ("all N matching" or an export found a different
    // set, approvals missing, …): say so in the operator's language.
    if (typeof reason === 'string' && REASON_TEXTS.has(reason)) return t(`errors.${reason}`);
    // A send's recipients refused (unknown ids, a contradictory audience…): the ids it lists.
    const extensions = error.errors[0]?.extensions;
    if (code === 'BAD_USER_INPUT' && isMailRecipientReason(extensions?.reason)) {
      const ids = Array.isArray(extensions.userIds) ? extensions.userIds.map(String) : [];
      return t(`errors.mail.${extensions.reason}`, {
        userIds: ids.join(', '),
        max: typeof extensions.max === 'number' ? extensions.max : undefined,
      });
    }
    // A file an import refuses whole (empty, not a CSV, columns missing…), on every import:
    // the problem's code and parameters (IMPORT_FILE_PROBLEMS) in the admin's language.
    if (code === 'BAD_USER_INPUT' && isImportFileProblem(extensions?.fileProblem)) {
      return t(`imports.fileProblems.${extensions.fileProblem}`, {
        ...((extensions.params ?? {}) as Record<string, unknown>),
      });
    }
    // An import that read the file and refused to apply it (applied before, changed while it
    // applied, rows in error): the refusal's code and parameters (IMPORT_APPLY_REFUSALS),
    // the earlier import's time in the business time zone like every date on screen.
    if (isImportApplyRefusal(extensions?.applyRefusal)) {
      const params = (extensions.params ?? {}) as Record<string, unknown>;
      return t(`imports.applyRefusals.${extensions.applyRefusal}`, {
        ...params,
        importedAt: typeof params.importedAt === 'string' ? formatDateTime(params.importedAt) : '',
        importedBy:
          typeof params.importedBy === 'string' && params.importedBy !== ''
            ? params.importedBy
            : t('imports.unknownAdmin'),
      });
    }
    // A wrong argument (`field: message` in English): the problem's code and parameters in
    // the admin's language, the field by its label.
    if (code === 'BAD_USER_INPUT' && isInputProblemCode(extensions?.problem)) {
      const params = (extensions.params ?? {}) as Record<string, unknown>;
      return t(`errors.input.${extensions.problem}`, {
        ...params,
        field: fieldLabel(extensions.field, t),
        other: fieldLabel(params.other, t),
      });
    }
    return error.message;
  }
  return t('errors.INTERNAL_SERVER_ERROR');
}

/** An argument's label (`fields.<name>`, loaded with the list screens), else its name. */
function fieldLabel(name: unknown, t: TFunction): string {
  if (typeof name !== 'string' || name === '') return '';
  return t(`fields.${name}`, { defaultValue: name });
}

/**
 * The toast text for a failed call (spec section 8): `Server error!` for a network failure,
 * otherwise `Error: {message}`. Returns null for `Authorization error [no auth]`, which
 * opens the blocking dialog instead of a toast.
 */
export function toastMessage(error: unknown, t: TFunction): string | null {
  if (error instanceof GraphQLRequestError && error.isAuthorizationError) return null;
  if (error instanceof NetworkError) return errorMessage(error, t);
  return t('errors.generic', { message: errorMessage(error, t) });
}
