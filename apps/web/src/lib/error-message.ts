import type { TFunction } from 'i18next';
import {
  isErrorCode,
  isImportApplyRefusal,
  isImportFileProblem,
  isInputProblemCode,
  isMailRecipientReason,
  isSelfExplainingCode,
  isTranslatedReason,
} from '@app/shared';
import { formatDateTime } from './date-time';
import { GraphQLRequestError, NetworkError } from './graphql-client';

/** The one place where an error from the API becomes text for the operator. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof NetworkError)
    return t(error.reachedServer ? 'errors.network' : 'errors.unreachable');
  if (error instanceof GraphQLRequestError) {
    const code = error.code;
    if (error.isAuthorizationError) return t('errors.UNAUTHENTICATED');
    const extensions = error.errors[0]?.extensions;
    const reason = extensions?.reason;
    // A refusal with a reason from the registry (TRANSLATED_REASONS in packages/shared: the
    // last super admin, a record not found, a list that changed…) and its parameters, before
    // the code's generic text (FORBIDDEN, …). Field rules (INVALID_FIELDS) get a short text
    // here: forms show each field's message under its input (serverFieldMessages).
    if (isTranslatedReason(reason)) {
      return t(`errors.reasons.${reason}`, reasonParams(extensions?.params, t));
    }
    if (isSelfExplainingCode(code)) return t(`errors.${code}`);
    // A send's recipients refused (unknown ids, a contradictory audience…): the ids it lists.
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
    // A code the API can answer with but a reason this build does not know (a newer server):
    // the code's generic text, never the server's English.
    if (isErrorCode(code)) return t(`errors.${code}`);
    // No code of ours: an error GraphQL itself raised before any resolver (a malformed query).
    return error.message;
  }
  return t('errors.INTERNAL_SERVER_ERROR');
}

/** A reason's parameters for its text: the record kind by its name in the admin's language. */
function reasonParams(params: unknown, t: TFunction): Record<string, unknown> {
  if (typeof params !== 'object' || params === null) return {};
  const values = { ...(params as Record<string, unknown>) };
  if (typeof values.record === 'string') {
    values.record = t(`errors.records.${values.record}`, { defaultValue: values.record });
  }
  return values;
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
