import fs from 'node:fs';
import path from 'node:path';
import { AUDIT_OPERATION_KINDS, change, isAuditOperation } from '@app/shared';
import { isListType, isNonNullType, getNamedType, type GraphQLInputType } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  COMMAND_REGISTRY,
  commandFiles,
  printCommandRegistry,
} from '../../scripts/command-registry';
import { getSchema } from '../../server/schema';
import { auditEvents } from '../../server/audit-registry';
import { systemActor } from '../../shared/actor';
import {
  declaredCommands,
  declaredEvents,
  defineCommand,
  type CommandEnv,
  type CommandField,
} from './define-command';
import { runCommand } from './run-command';

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

  // Issue 34, "a write is one file": a write declares its event in its file (`event`: target
  // type and summary shape), or its events by role (`audit`), and the shared registry of
  // operations the web reads is printed from them (contract.test.ts holds it to the commands).
  it.each(commands.map((c) => [c.name, c] as const))(
    '%s declares the audit events it writes, each printed in the shared registry',
    (name, command) => {
      const events = declaredEvents(command);
      expect(events.length, name).toBeGreaterThan(0);
      expect(events.filter((e) => !isAuditOperation(e.name)).map((e) => e.name)).toEqual([]);
      for (const event of events)
        expect(
          AUDIT_OPERATION_KINDS[event.name as keyof typeof AUDIT_OPERATION_KINDS].targetType,
        ).toBe(event.targetType);
      if (command.event) {
        // The event of its name, written with its change.
        expect(command.event.change, name).toBe(true);
      } else if (isAuditOperation(name)) {
        // A write by role named after an event writes that event (a replay beside the add).
        expect(events.map((e) => e.name)).toContain(name);
      }
    },
  );

  // Every mutation resolves through runCommand (registerCommands, above): whatever a write's
  // handler commits, it fails unless it wrote one of the events its command declares.
  it.each(commands.map((c) => [c.name, c] as const))(
    '%s fails when its handler answers without writing its declared event',
    async (name, command) => {
      const env = {
        actor: systemActor('test'),
        admin: null,
        locale: 'en',
        userAgent: null,
        services: { audit: {} } as unknown as CommandEnv['services'],
      } satisfies CommandEnv;
      const declared = declaredEvents(command).map((e) => e.name);
      const silent = { ...command, answer: 'Int', handler: async () => 1 } as Parameters<
        typeof runCommand
      >[0];
      await expect(runCommand(silent, {}, env)).rejects.toThrow(
        `${name} answered without writing its audit event (${declared.join(' or ')}); it wrote none.`,
      );
    },
  );

  it('has one declaration for each event name', () => {
    const names = auditEvents().map((e) => e.event.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBe(Object.keys(AUDIT_OPERATION_KINDS).length);
  });

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

  it('refuses a write declaring both its own event and events by role, and one declared twice', () => {
    const signOut = change<null, null>()('admin_user');
    expect(() =>
      defineCommand({
        name: 'postSomethingNew',
        input: {},
        event: signOut,
        audit: { other: { ...signOut, name: 'postSignOut' } },
      } as never),
    ).toThrow('postSomethingNew declares its own event or its events by role (one).');
    expect(() => defineCommand({ name: 'postSignOut', input: {}, event: signOut })).toThrow(
      'postSignOut is declared twice.',
    );
    expect(declaredCommands().filter((c) => c.name === 'postSignOut')).toHaveLength(1);
  });
});
