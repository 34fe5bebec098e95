import type { AnyAuditEventDeclaration } from '@app/shared';
import { eventWriter, type AuditWriter } from './audited';
import {
  commandEvent,
  declaredEvents,
  type AnswerValue,
  type CommandAnswer,
  type CommandAudit,
  type CommandEnv,
  type CommandEvents,
  type CommandFields,
  type CommandInput,
} from './define-command';

/**
 * Fails when a write answered without having written an event it declares: the handler
 * committed a change (or none) that the trail does not hold under the write's name. Thrown
 * after the answer, so a test that runs the write fails; in production it is logged as an
 * unexpected error (server/unexpected-errors.ts).
 */
export function assertAudited(
  command: Parameters<typeof declaredEvents>[0],
  written: readonly string[],
): void {
  const declared = declaredEvents(command).map((event) => event.name);
  if (!written.some((event) => declared.includes(event)))
    throw new Error(
      `${command.name} answered without writing its audit event (${declared.join(' or ')}); it wrote ${written.join(', ') || 'none'}.`,
    );
}

/** How a write declares its events (`event` or `audit`), as the runner reads it. */
type DeclaresEvents = { name: string } & (
  | { event: AnyAuditEventDeclaration; audit?: undefined }
  | { audit: CommandEvents; event?: undefined }
);

/** The events a write's work writes, bound to the request's actor (`CommandAudit`). */
export type AuditOf<C> = C extends {
  name: infer N extends string;
  event: infer D extends AnyAuditEventDeclaration;
}
  ? CommandAudit<N, D>
  : C extends { name: infer N extends string; audit: infer E extends CommandEvents }
    ? CommandAudit<N, E>
    : never;

/**
 * Runs work as a declared write: binds the events it declares to the request's actor, hands
 * them to the work, and checks the work wrote one of them (`assertAudited`). `runCommand`
 * runs a handler through this; an entry to the same write that takes another input (the
 * signing export's spec query names) runs its work through it directly.
 */
export async function runAs<C extends DeclaresEvents, T>(
  command: C,
  env: CommandEnv,
  work: (audit: AuditOf<C>) => Promise<T>,
): Promise<T> {
  const writer: AuditWriter = env.services.audit;
  const audit = command.audit
    ? Object.fromEntries(
        Object.entries(command.audit).map(([role, event]) => [
          role,
          eventWriter(writer, env.actor, event),
        ]),
      )
    : eventWriter(writer, env.actor, commandEvent(command));
  const from = env.actor.audited.length;
  const answer = await work(audit as AuditOf<C>);
  assertAudited(command, env.actor.audited.slice(from));
  return answer;
}

/**
 * Runs a declared write's handler (`runAs`): the mutation resolves through this, and so does
 * any other entry to the same write (`POST /login`).
 */
export function runCommand<F extends CommandFields, A extends CommandAnswer>(
  command: DeclaresEvents & {
    input: F;
    answer: A;
    // Any handler: it is handed the events its own declaration binds (`CommandAudit`).
    handler: (input: CommandInput<F>, env: never) => Promise<AnswerValue<A>>;
  },
  input: CommandInput<F>,
  env: CommandEnv,
): Promise<AnswerValue<A>> {
  const handler = command.handler as (
    input: CommandInput<F>,
    env: CommandEnv & { audit: unknown },
  ) => Promise<AnswerValue<A>>;
  return runAs(command, env, (audit) => handler(input, { ...env, audit }));
}
