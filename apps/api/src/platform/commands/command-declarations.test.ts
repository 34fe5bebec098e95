import fs from 'node:fs';
import path from 'node:path';
import { AUDIT_EVENTS, isAuditOperation } from '@app/shared';
import { isListType, isNonNullType, getNamedType, type GraphQLInputType } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  COMMAND_REGISTRY,
  commandFiles,
  printCommandRegistry,
} from '../../scripts/command-registry';
import { getSchema } from '../../server/schema';
import { declaredCommands, defineCommand, type CommandField } from './define-command';

// Issue 25, "each write declares once: its input, its audit event, its handler": every
// mutation is a declared command, named by its operation, taking exactly its declared input,
// of the declared types, required and defaulted where declared. Read from the built schema, so
// a mutation added without a declaration, an argument typed beside the declaration, or a field
// declared and not offered, fails here.

const src = path.resolve(import.meta.dirname, '../..');
const schema = getSchema();
const mutations = schema.getMutationType()!.getFields();
const commands = declaredCommands();

/** A declared field as GraphQL prints it (`[Int!]`, `Int!`, an enum by its name). */
function printed(field: CommandField, type: GraphQLInputType): string {
  const named =
    field.type === 'Enum' || field.type === 'Input' ? getNamedType(type).name : field.type;
  const inner = 'list' in field && field.list ? `[${named}!]` : named;
  return field.required ? `${inner}!` : inner;
}

describe('declared commands', () => {
  it('are every mutation of the schema, and each is one', () => {
    const declared = commands.map((c) => c.name);
    expect(Object.keys(mutations).filter((name) => !declared.includes(name))).toEqual([]);
    expect(declared.filter((name) => !(name in mutations))).toEqual([]);
  });

  // Issue 34, "a write is one file": every mutation is a `defineCommand` with its access rule,
  // answer and handler, registered from it (graphql/command-fields.ts, registerCommands), and
  // described as its declaration says.
  it('are each declared with its handler, registered from the declaration', () => {
    expect(commands.filter((c) => !c.handler).map((c) => c.name)).toEqual([]);
    for (const command of commands) {
      const mutation = mutations[command.name]!;
      expect(mutation.description, command.name).toBe(command.description);
    }
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
        expect(isListType(inner)).toBe('list' in field && field.list === true);
        expect(arg.description ?? undefined).toBe(field.description);
        expect(arg.defaultValue).toBe('defaultValue' in field ? field.defaultValue : undefined);
      }
    },
  );

  // Issue 34: the web's refresh is declared by the write (printed as apps/web/src/gql/refreshes.ts
  // for `useWrite`): the Query root fields its success changes, each a field of the schema.
  it.each(commands.map((c) => [c.name, c] as const))(
    '%s declares what it refreshes, as Query root fields',
    (name, command) => {
      const queries = schema.getQueryType()!.getFields();
      expect(command.refreshes, name).toBeDefined();
      if (command.refreshes === 'everything') return;
      expect(command.refreshes!.filter((field) => !(field in queries))).toEqual([]);
      expect(new Set(command.refreshes).size).toBe(command.refreshes!.length);
    },
  );

  it.each(commands.map((c) => [c.name, c] as const))(
    '%s writes the audit events it declares',
    (name, command) => {
      if (command.audit) {
        // Its own events, each registered; a mutation named after an event is among them.
        if (isAuditOperation(name)) expect(Object.values(command.audit)).toContain(name);
        expect(Object.values(command.audit).filter((e) => !isAuditOperation(e))).toEqual([]);
        expect(Object.keys(command.audit).length).toBeGreaterThan(0);
      } else {
        // The event of its name, written with its change.
        expect(isAuditOperation(name) && AUDIT_EVENTS[name].change, name).toBe(true);
      }
    },
  );

  // Issue 34, "a write is one file": the registry server/schema.ts imports is generated from
  // the files under modules/*/commands/ (`npm run codegen`), so a new file loads with no other
  // line, and a file the committed registry does not import fails here.
  it('has every file of a commands/ folder in the generated registry', () => {
    const registry = fs.readFileSync(COMMAND_REGISTRY, 'utf8');
    const missing = commandFiles().filter(
      (file) => !registry.includes(`import '../${file.replace(/\.ts$/, '')}';`),
    );
    expect(missing, 'run `npm run codegen`').toEqual([]);
    expect(registry, 'run `npm run codegen`').toBe(printCommandRegistry());
  });

  it('has each file of a commands/ folder declare one write with its handler, registered', async () => {
    const files = commandFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const exported: unknown[] = Object.values(await import(path.join(src, file)));
      const declared = commands.filter((c) => c.handler && exported.includes(c));
      expect(
        declared.map((c) => c.name),
        file,
      ).toHaveLength(1);
    }
  });

  it('refuses other events on a write named after one, and a write declared twice', () => {
    expect(() =>
      defineCommand({ name: 'signInFailed', input: {}, audit: { other: 'signInThrottled' } }),
    ).toThrow('signInFailed writes the event of its name; declare it among its events.');
    expect(() => defineCommand({ name: 'postSignOut', input: {} })).toThrow(
      'postSignOut is declared twice.',
    );
    expect(declaredCommands().filter((c) => c.name === 'postSignOut')).toHaveLength(1);
  });
});
