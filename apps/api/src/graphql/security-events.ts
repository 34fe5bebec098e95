import type { DocumentNode, GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { AuditJson } from '@app/shared';
import { AppError } from '../shared/app-error';
import type { GraphQLContext } from './context';
import { rootFields } from './state-changing-queries';

/** The paths of the fields refused to the caller's role (FORBIDDEN). */
function refusedPaths(errors: readonly GraphQLError[] | undefined): string[] {
  return (errors ?? [])
    .filter((error) => {
      const original = error.originalError;
      return original instanceof AppError && original.code === 'FORBIDDEN';
    })
    .map((error) => (error.path ?? []).join('.'));
}

/**
 * A refused call by a signed-in admin is a security event: it goes into the audit trail as
 * `accessRefused` with the refused fields. And a refused state change (issue 33: a mutation or
 * a state-changing query answered with an AppError, such as LIST_CHANGED, APPROVALS_MISSING,
 * THRESHOLD_CHANGE_PENDING, ALREADY_IMPORTED, INVALID_ROWS or a refused mail send) is
 * recorded as `actionRefused` with its field, code, reason and params: this is the one place
 * where a command's refusal becomes its answer, so no command records its own, and the row
 * is written in its own transaction (the command's was rolled back). Anonymous refusals are
 * not recorded (anyone could grow the trail with them); they are answered and logged only.
 * The rows are written on a copy of the actor, so they never count as the audit row of a
 * mutation (useAuditEnforcement).
 */
export async function recordRefusals(
  context: GraphQLContext,
  errors: readonly GraphQLError[] | undefined,
  changesState = false,
): Promise<void> {
  if (!context.admin) return;
  const actor = { ...context.actor, audited: [] };
  const fields = refusedPaths(errors);
  if (fields.length > 0) {
    await context.services.audit.record(actor, 'accessRefused', [context.admin.id], {
      fields,
      reason: reasonOf(errors),
    });
  }
  if (!changesState) return;
  for (const error of errors ?? []) {
    const original = error.originalError;
    if (!(original instanceof AppError) || !isActionRefusal(original)) continue;
    const reason = original.details?.reason;
    const params = original.details?.params;
    await context.services.audit.record(actor, 'actionRefused', [context.admin.id], {
      field: (error.path ?? []).join('.'),
      code: original.code,
      reason: typeof reason === 'string' ? reason : null,
      params: params !== null && typeof params === 'object' ? (params as AuditJson) : {},
    });
  }
}

/**
 * A refusal of the action itself (a changed list, missing approvals, a pending change, a file
 * already imported or with bad rows, a refused mail send). An argument the operator typed
 * wrongly (a field error) or a record that is not there is answered, not audited: the trail
 * would fill with typing mistakes.
 */
function isActionRefusal(error: AppError): boolean {
  if (error.code === 'FORBIDDEN' || error.code === 'NOT_FOUND') return false;
  const details = error.details ?? {};
  return !('field' in details || 'fieldErrors' in details || 'problem' in details);
}

function reasonOf(errors: readonly GraphQLError[] | undefined): string | null {
  for (const error of errors ?? []) {
    const original = error.originalError;
    if (original instanceof AppError && typeof original.details?.reason === 'string') {
      return original.details.reason;
    }
  }
  return null;
}

/** Yoga's side: records the refusals of each executed operation. */
export function useSecurityEvents(): Plugin<GraphQLContext> {
  return {
    onExecute: ({ args }) => {
      const fields = rootFields(
        args.schema,
        args.document as DocumentNode,
        args.operationName ?? undefined,
      );
      const changesState = (fields?.stateChanging.length ?? 0) > 0;
      return {
        onExecuteDone: async ({ result }) => {
          if (!('errors' in result)) return;
          await recordRefusals(args.contextValue, result.errors, changesState);
        },
      };
    },
  };
}
