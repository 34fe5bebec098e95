import type { ObjectRef } from '@pothos/core';
import {
  declaredCommands,
  runCommand,
  type AnyCommand,
  type CommandEventsOf,
  type CommandFields,
  type CommandInput,
  type HandledCommand,
} from '../platform/commands';
import { builder } from './builder';

type Types = typeof builder.$inferSchemaTypes;

/** A declared command's input as mutation arguments: its types, required or not, described. */
function commandArgs<F extends CommandFields>(input: F, refs: Record<string, unknown> = {}) {
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
    const handled = command as HandledCommand<string, CommandFields, CommandEventsOf, 'Boolean'> &
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
