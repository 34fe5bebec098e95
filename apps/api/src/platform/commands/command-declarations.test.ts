import { isListType, isNonNullType, getNamedType, type GraphQLInputType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { getSchema } from '../../server/schema';
import { declaredCommands, type CommandField } from './define-command';

// Issue 25, "each write declares once: its input, its audit event, its handler": a declared
// command's mutation is named by its operation and takes exactly its declared input, of the
// declared types, required where declared. Read from the built schema, so an argument typed
// beside the declaration, or a field declared and not offered, fails here.

const schema = getSchema();
const mutations = schema.getMutationType()!.getFields();
const commands = declaredCommands();

/** A declared field as GraphQL prints it (`[Int!]`, `Int!`, an enum by its name). */
function printed(field: CommandField, type: GraphQLInputType): string {
  const named =
    field.type === 'Enum' || field.type === 'Input' ? getNamedType(type).name : field.type;
  const inner = field.list ? `[${named}!]` : named;
  return field.required ? `${inner}!` : inner;
}

describe('declared commands', () => {
  it('include the notification, withdrawal action and inquiry writes', () => {
    expect(commands.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'postApproveWithdrawalRequests',
        'postRejectWithdrawalRequests',
        'postApproveMatchingWithdrawalRequests',
        'postRejectMatchingWithdrawalRequests',
        'postFailWithdrawalRequests',
        'postAssignAdminUserToUserContact',
        'postUpdateUserContactStatus',
        'postReplyToUserContact',
        'postAddNoteToUserContact',
        'postCreateNotification',
        'postUpdateNotification',
        'postDeleteNotification',
        'postSendTestMail',
        'postSendMail',
      ]),
    );
  });

  it.each(commands.map((c) => [c.name, c] as const))(
    '%s takes exactly its declared input',
    (name, command) => {
      const mutation = mutations[name];
      expect(mutation, name).toBeDefined();
      const args = mutation!.args;
      expect(args.map((a) => a.name).sort()).toEqual(Object.keys(command.input).sort());
      for (const arg of args) {
        const field = command.input[arg.name]!;
        expect(String(arg.type), `${name}(${arg.name})`).toBe(printed(field, arg.type));
        expect(isNonNullType(arg.type)).toBe(field.required === true);
        const inner = isNonNullType(arg.type) ? arg.type.ofType : arg.type;
        expect(isListType(inner)).toBe(field.list === true);
        expect(arg.description ?? undefined).toBe(field.description);
      }
    },
  );
});
