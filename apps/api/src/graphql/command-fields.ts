import type { EnumRef, ObjectRef } from '@pothos/core';
import type { Command, CommandFields, CommandInput } from '../platform/commands';
import type { AuditChangeOperation } from '@app/shared';
import { builder, type AuthScopes } from './builder';
import type { GraphQLContext } from './context';

type Types = typeof builder.$inferSchemaTypes;

/** The GraphQL enum types of a command's enum fields, by field name. */
export type CommandEnums<F extends CommandFields> = {
  [K in keyof F as F[K] extends { type: 'Enum' } ? K : never]: EnumRef<Types, unknown>;
};

/** A declared command's input as mutation arguments: its types, required or not, described. */
export function commandArgs<F extends CommandFields>(
  input: F,
  enums: Record<string, unknown> = {},
) {
  return builder.args((t) =>
    Object.fromEntries(
      Object.entries(input).map(([name, f]) => {
        const type = f.type === 'Enum' ? enums[name] : f.type;
        if (!type) throw new Error(`The enum field ${name} needs its GraphQL enum type`);
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
  ...[enums]: keyof CommandEnums<F> extends never ? [] : [CommandEnums<F>]
): void {
  builder.mutationField(command.name, (t) =>
    t.field({
      description: options.description,
      type: options.type,
      authScopes: options.authScopes,
      args: commandArgs(command.input, enums ?? {}),
      // Pothos cannot resolve its result type for a generic Result; `options` holds it.
      resolve: (_root, args, ctx) => options.resolve(args as CommandInput<F>, ctx) as never,
    }),
  );
}
