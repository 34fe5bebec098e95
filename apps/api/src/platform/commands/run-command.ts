import type { AuditOperation } from '@app/shared';
import { eventWriter, type AuditWriter } from './audited';
import {
  declaredEvents,
  type AnswerValue,
  type CommandAnswer,
  type CommandAudit,
  type CommandEnv,
  type CommandEvents,
  type CommandFields,
  type CommandInput,
  type HandledCommand,
} from './define-command';

/**
 * Fails when a write answered without having written an event it declares: the handler
 * committed a change (or none) that the trail does not hold under the write's name. Thrown
 * after the answer, so a test that runs the write fails; in production it is logged as an
 * unexpected error (server/unexpected-errors.ts).
 */
export function assertAudited(
  command: { name: string; audit?: CommandEvents },
  written: readonly AuditOperation[],
): void {
  const declared = declaredEvents(command);
  if (!written.some((event) => declared.includes(event)))
    throw new Error(
      `${command.name} answered without writing its audit event (${declared.join(' or ')}); it wrote ${written.join(', ') || 'none'}.`,
    );
}

/**
 * Runs work as a declared write: binds the events it declares to the request's actor, hands
 * them to the work, and checks the work wrote one of them (`assertAudited`). `runCommand`
 * runs a handler through this; an entry to the same write that takes another input (the
 * signing export's spec query names) runs its work through it directly.
 */
export async function runAs<N extends string, E extends CommandEvents | undefined, T>(
  command: { name: N; audit?: E },
  env: CommandEnv,
  work: (audit: CommandAudit<N, E>) => Promise<T>,
): Promise<T> {
  const writer: AuditWriter = env.services.audit;
  const audit = (
    command.audit
      ? Object.fromEntries(
          Object.entries(command.audit).map(([role, event]) => [
            role,
            eventWriter(writer, env.actor, event),
          ]),
        )
      : eventWriter(writer, env.actor, command.name as AuditOperation)
  ) as CommandAudit<N, E>;
  const from = env.actor.audited.length;
  const answer = await work(audit);
  assertAudited(command, env.actor.audited.slice(from));
  return answer;
}

/**
 * Runs a declared write's handler (`runAs`): the mutation resolves through this, and so does
 * any other entry to the same write (`POST /login`).
 */
export function runCommand<
  N extends string,
  F extends CommandFields,
  E extends CommandEvents | undefined,
  A extends CommandAnswer,
>(
  command: HandledCommand<N, F, E, A>,
  input: CommandInput<F>,
  env: CommandEnv,
): Promise<AnswerValue<A>> {
  return runAs(command, env, (audit) => command.handler(input, { ...env, audit }));
}
