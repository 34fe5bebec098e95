import type { EnumRef, InputObjectRef, ObjectRef } from '@pothos/core';
import type { Command, CommandFields, CommandInput } from '../platform/commands';
import type { AuditChangeOperation } from '@app/shared';
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
        return [
          name,
          t.field({
            type: (f.list ? [type] : type) as 'String',
            required: f.required === true,
            ...(f.description ? { description: f.description } : {}),
          }),
        ];
      }),
    ),
  );
}

/**
 * The mutation of a declared command: named by its operation (the audit event it writes),
 * taking its declared input as arguments, and handing the handler that input as the service's
 * type (`CommandInput`). The handler calls the service, which writes the event by the same
 * declaration (`audit.withAudit(actor, COMMAND.name, …)`).
 */
export function commandMutation<N extends AuditChangeOperation, F extends CommandFields, Result>(
  command: Command<N, F>,
  options: {
    description: string;
    type: ObjectRef<Types, Result>;
    /** The access rule (exactly one, as on every operation). */
    authScopes: Partial<AuthScopes>;
    resolve: (input: CommandInput<F>, ctx: GraphQLContext) => Promise<Result>;
  },
  ...[refs]: keyof CommandRefs<F> extends never ? [] : [CommandRefs<F>]
): void {
  builder.mutationField(command.name, (t) =>
    t.field({
      description: options.description,
      type: options.type,
      authScopes: options.authScopes,
      args: commandArgs(command.input, refs ?? {}),
      // Pothos cannot resolve its result type for a generic Result; `options` holds it.
      resolve: (_root, args, ctx) => options.resolve(args as CommandInput<F>, ctx) as never,
    }),
  );
}
