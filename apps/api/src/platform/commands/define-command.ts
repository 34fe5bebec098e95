import { isAuditOperation, type AuditChangeOperation, type AuditOperation } from '@app/shared';
import type { UploadedFile } from '../imports';
import type { FilterField, FilterValue } from '../lists';

/** A scalar's value when a client leaves the argument out (printed in the contract). */
type Default = { defaultValue?: string | number | boolean };

/**
 * One input field of a write: a filter's types (a scalar, a list of one, an enum whose GraphQL
 * type the schema file hands in), an ID, a file (`Upload`), or an input object the schema file
 * hands in (`inputObject<Shape>()`), and whether it is required.
 */
export type CommandField =
  | (FilterField & { required?: true } & Default)
  | { type: 'ID'; list?: true; required?: true; description?: string }
  | { type: 'Upload'; required?: true; description?: string }
  | {
      type: 'Input';
      shape: InputShape<unknown>;
      list?: true;
      required?: true;
      description?: string;
    };

/** The type of an input object's value, carried by the declaration (no value at run time). */
export type InputShape<T> = { readonly __shape?: T };

/** An input object field of type T (its GraphQL input type is handed in by the schema file). */
export const inputObject = <T>(): { type: 'Input'; shape: InputShape<T> } => ({
  type: 'Input',
  shape: {},
});

/** The value of one input field inside the API. */
export type CommandValue<F extends CommandField> = F extends { type: 'Input'; shape: infer S }
  ? S extends InputShape<infer T>
    ? F['list'] extends true
      ? readonly T[]
      : T
    : never
  : F extends { type: 'ID' }
    ? F['list'] extends true
      ? readonly (string | number)[]
      : string | number
    : F extends { type: 'Upload' }
      ? UploadedFile
      : F extends FilterField
        ? FilterValue<F>
        : never;

/** A write's input fields by name. */
export type CommandFields = Record<string, CommandField>;

type Flat<T> = { [K in keyof T]: T[K] };

/**
 * What the write's service takes: required fields as their value, the others optional (null or
 * left out: not given). Derived from the declaration; never written by hand.
 */
export type CommandInput<F extends CommandFields> = Flat<
  {
    -readonly [K in keyof F as F[K] extends { required: true } ? K : never]: CommandValue<F[K]>;
  } & {
    -readonly [K in keyof F as F[K] extends { required: true } ? never : K]?:
      CommandValue<F[K]> | null | undefined;
  }
>;

/**
 * The audit events of a write whose mutation is not named after its event, by role (`apply`,
 * `dryRun`, …), each a registered event: one operation offered under several mutation names
 * (the transaction uploads, the signing export) writes the one event they share, so its rows,
 * labels and the withdrawal timeline stay one operation (docs/architecture.md).
 */
export type CommandEvents = Readonly<Record<string, AuditOperation>>;

/**
 * A write, declared once (docs/architecture.md, "A write, declared once"): its operation,
 * which is its GraphQL mutation's name and the audit event it writes (AUDIT_EVENTS, so its
 * before/after shape is typed there), and its input. The mutation's arguments
 * (graphql/command-fields.ts) and the service's input type (`CommandInput`) are derived from it.
 * A write whose mutation names no event declares the events it writes instead (`audit`).
 */
export type Command<N extends string, F extends CommandFields> = {
  name: N;
  input: F;
  audit?: CommandEvents;
};

const declared: Command<string, CommandFields>[] = [];

/** Every write declared so far (the declaration test walks them). */
export const declaredCommands = (): readonly Command<string, CommandFields>[] => declared;

/** Declares a write once: its operation (mutation and audit event) and its input fields. */
export function defineCommand<
  const N extends AuditChangeOperation,
  const F extends CommandFields,
>(command: { name: N; input: F }): Command<N, F>;
/**
 * Declares a write whose mutation is not an audit event of its own: the events it writes are
 * declared with it (`audit`), and the service writes them from there.
 */
export function defineCommand<
  const N extends string,
  const F extends CommandFields,
  const E extends CommandEvents,
>(command: { name: N; input: F; audit: E }): Command<N, F> & { audit: E };
export function defineCommand(command: Command<string, CommandFields>) {
  // A mutation named after an event writes that event: declaring others beside it would make
  // the name lie about what the trail holds.
  if (command.audit && isAuditOperation(command.name))
    throw new Error(`${command.name} writes the event of its name; declare it without audit.`);
  if (declared.some((c) => c.name === command.name))
    throw new Error(`${command.name} is declared twice.`);
  declared.push(command);
  return command;
}
