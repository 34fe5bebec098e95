import type { AuditChangeOperation } from '@app/shared';
import type { FilterField, FilterValue } from '../lists';

/**
 * One input field of a write: a filter's types (a scalar, a list of one, an enum whose GraphQL
 * type the schema file hands in), an ID, or an input object the schema file hands in
 * (`inputObject<Shape>()`), and whether it is required.
 */
export type CommandField =
  | (FilterField & { required?: true })
  | { type: 'ID'; list?: true; required?: true; description?: string }
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
 * A write, declared once (docs/architecture.md, "A write, declared once"): its operation,
 * which is its GraphQL mutation's name and the audit event it writes (AUDIT_EVENTS, so its
 * before/after shape is typed there), and its input. The mutation's arguments
 * (graphql/command-fields.ts) and the service's input type (`CommandInput`) are derived from it.
 */
export type Command<N extends AuditChangeOperation, F extends CommandFields> = {
  name: N;
  input: F;
};

const declared: Command<AuditChangeOperation, CommandFields>[] = [];

/** Every write declared so far (the declaration test walks them). */
export const declaredCommands = (): readonly Command<AuditChangeOperation, CommandFields>[] =>
  declared;

/** Declares a write once: its operation (mutation and audit event) and its input fields. */
export function defineCommand<const N extends AuditChangeOperation, const F extends CommandFields>(
  command: Command<N, F>,
): Command<N, F> {
  declared.push(command);
  return command;
}
