import type {
  ErrorCode,
  ImportApplyRefusal,
  ImportFileProblem,
  InputProblemCode,
  MailRecipientReason,
  ReasonParams,
  SelfExplainingCode,
  TranslatedReason,
} from '@app/shared';

/**
 * Why a BAD_USER_INPUT, NOT_FOUND or CONFLICT was answered, as a code the web app words in
 * the admin's language (docs/api.md "Errors"): a registered reason with its parameters, an
 * argument's problem, an import's file problem or apply refusal, or a mail recipients reason.
 * Other details may ride along (the field, the refused rows…).
 */
export type Refusal = (
  | { reason: TranslatedReason; params?: ReasonParams }
  | { problem: InputProblemCode; params: ReasonParams }
  | { fileProblem: ImportFileProblem; params: Record<string, unknown> }
  | { applyRefusal: ImportApplyRefusal; params: Record<string, unknown> }
  | { reason: MailRecipientReason }
) &
  Record<string, unknown>;

/**
 * The one error type services throw for expected failures. The GraphQL layer maps it to
 * `extensions.code` (and the details to the other extensions); anything else is masked as an
 * internal error.
 *
 * The constructor's types hold the rule that no English reaches an operator: a code whose
 * generic text says it all (SELF_EXPLAINING_CODES) may come alone; any other code needs a
 * `Refusal` the web app translates, so `new AppError('CONFLICT', 'Some English.')` does not
 * compile.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;

  constructor(code: SelfExplainingCode, message: string, details?: Record<string, unknown>);
  constructor(code: ErrorCode, message: string, details: Refusal);
  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    if (details !== undefined) this.details = details;
  }
}
