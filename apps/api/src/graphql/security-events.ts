import type { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { AppError } from '../shared/app-error';
import type { GraphQLContext } from './context';

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
 * `accessRefused` with the refused fields. Anonymous refusals are not recorded (anyone could
 * grow the trail with them); they are answered and logged only. The row is written on a copy
 * of the actor, so it never counts as the audit row of a mutation (useAuditEnforcement).
 */
export async function recordRefusals(
  context: GraphQLContext,
  errors: readonly GraphQLError[] | undefined,
): Promise<void> {
  if (!context.admin) return;
  const fields = refusedPaths(errors);
  if (fields.length === 0) return;
  await context.services.audit.record(
    { ...context.actor, audited: [] },
    'accessRefused',
    [context.admin.id],
    { fields, reason: reasonOf(errors) },
  );
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
    onExecute: ({ args }) => ({
      onExecuteDone: async ({ result }) => {
        if (!('errors' in result)) return;
        await recordRefusals(args.contextValue, result.errors);
      },
    }),
  };
}
