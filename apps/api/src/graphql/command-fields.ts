import type { EnumRef, InputObjectRef, ObjectRef } from '@pothos/core';
import {
  assertAudited,
  declaredCommands,
  runCommand,
  type AnyCommand,
  type Command,
  type CommandFields,
  type CommandInput,
  type HandledCommand,
} from '../platform/commands';
import { builder, type AuthScopes } from './builder';
import type { GraphQLContext } from './context';

type Types = typeof builder.$inferSchemaTypes;

/**
 * The GraphQL types a command's enum and input object fields take, by field name (the schema
 * file owns them: an enum or input type is declared once there and shared by several calls).
 */
export type CommandRefs<F extends CommandFields> = {
  [K in keyof F as F[K] extends { type: 'Enum' | 'Input' } ? K : never]: F[K] extends {
    type: 'Enum';
  }
    ? EnumRef<Types, unknown>
    : InputObjectRef<Types, unknown>;
};

/** A declared command's input as mutation arguments: its types, required or not, described. */
export function commandArgs<F extends CommandFields>(input: F, refs: Record<string, unknown> = {}) {
  return builder.args((t) =>
    Object.fromEntries(
      Object.entries(input).map(([name, f]) => {
        const type = f.type === 'Enum' || f.type === 'Input' ? refs[name] : f.type;
        if (!type) throw new Error(`The field ${name} needs its GraphQL type`);
        const list = 'list' in f && f.list === true;
        return [
          name,
          t.field({
            type: (list ? [type] : type) as 'String',
            required: f.required === true,
            ...(f.description ? { description: f.description } : {}),
            ...('defaultValue' in f ? { defaultValue: f.defaultValue as string } : {}),
          }),
        ];
      }),
    ),
  );
}

/** What a write answers: an object type, or a scalar (a sign-out's Boolean, a count). */
type Answer = ObjectRef<Types, unknown> | 'Boolean' | 'Int';

/** The value a write's handler returns for its answer type. */
type AnswerValue<T extends Answer> =
  T extends ObjectRef<Types, infer R> ? R : T extends 'Boolean' ? boolean : number;

/**
 * The mutation of a declared command: named by its operation (the audit event it writes; a
 * write that declares its events keeps its own name), taking its declared input as arguments,
 * and handing the handler that input as the service's type (`CommandInput`). The handler calls
 * the service, which writes the event by the same declaration (`audit.withAudit(actor,
 * COMMAND.name, …)`, or `COMMAND.audit.<role>`).
 */
export function commandMutation<N extends string, F extends CommandFields, T extends Answer>(
  command: Command<N, F>,
  options: {
    description: string;
    type: T;
    /** The access rule (exactly one, as on every operation). */
    authScopes: Partial<AuthScopes>;
    resolve: (input: CommandInput<F>, ctx: GraphQLContext) => Promise<AnswerValue<T>>;
  },
  ...[refs]: keyof CommandRefs<F> extends never ? [] : [CommandRefs<F>]
): void {
  builder.mutationField(command.name, (t) =>
    t.field({
      description: options.description,
      type: options.type as ObjectRef<Types, unknown>,
      authScopes: options.authScopes,
      args: commandArgs(command.input, refs ?? {}),
      // Pothos cannot resolve its result type for a generic answer; `options` holds it.
      resolve: async (_root, args, ctx) => {
        const from = ctx.actor.audited.length;
        const answer = await options.resolve(args as CommandInput<F>, ctx);
        assertAudited(command, ctx.actor.audited.slice(from));
        return answer as never;
      },
    }),
  );
}

const registered = new Set<string>();

/**
 * The mutation of every write declared with its handler (`defineCommand({ …, handler })`):
 * named by its operation, its declared access rule, input, answer and description, resolved
 * by `runCommand` (the handler, with its events bound and checked). Called once before the
 * schema is built (server/schema.ts), after every module's commands are imported.
 */
export function registerCommands(): void {
  for (const command of declaredCommands()) {
    if (!command.handler || registered.has(command.name)) continue;
    registered.add(command.name);
    const handled = command as HandledCommand<string, CommandFields, undefined, 'Boolean'> &
      Required<Pick<AnyCommand, 'access' | 'answer' | 'description'>>;
    builder.mutationField(command.name, (t) =>
      t.field({
        description: handled.description,
        type: handled.answer as unknown as ObjectRef<Types, unknown>,
        authScopes: { [handled.access]: true },
        args: commandArgs(command.input, handled.refs ?? {}),
        resolve: (_root, args, ctx) =>
          runCommand(handled, args as CommandInput<CommandFields>, ctx) as never,
      }),
    );
  }
}
