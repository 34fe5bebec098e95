import type { AnyAuditEventDeclaration, NamedAuditEvent } from '@app/shared';
import type { AccessRule } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import type { UploadedFile } from '../imports';
import type { FilterField, FilterValue } from '../lists';
import type { EventWriter } from './audited';

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
 * The audit events of a write that is not one event of its own, by role (`apply`, `dryRun`,
 * …), each a named declaration (`namedEvent`): one operation offered under several mutation
 * names (the transaction uploads, the signing export) writes the one event they share, so its
 * rows, labels and the withdrawal timeline stay one operation (docs/architecture.md).
 */
export type CommandEvents = Readonly<Record<string, NamedAuditEvent>>;

/**
 * A write, declared once (docs/architecture.md, "Adding a write"): its operation, which is its
 * GraphQL mutation's name and the audit event it writes, that event's declaration (`event`: its
 * target type and summary shape, `change<Before, After>()('user_contact')`), and its input. The
 * mutation's arguments (graphql/command-fields.ts) and the service's input type
 * (`CommandInput`) are derived from it. A write that is not one event of its own declares the
 * events it writes by role instead (`audit`).
 */
export type Command<N extends string, F extends CommandFields> = {
  name: N;
  input: F;
};

/** A write's events: the declaration of its own (`event`), or its events by role (`audit`). */
export type CommandEventsOf = AnyAuditEventDeclaration | CommandEvents;

/** Where a write's events are declared, by their kind. */
type EventField<E> = E extends AnyAuditEventDeclaration
  ? { event: E; audit?: undefined }
  : { audit: E; event?: undefined };

/**
 * What a write's success changes, as the Query root fields a client shows it through (each a
 * field of the schema's Query type, command-declarations.test.ts), or `'everything'` (the
 * admin's own profile: every screen shows the admin). Printed for the web app by `npm run
 * codegen` (apps/web/src/gql/refreshes.ts), whose `useWrite` refreshes the cached queries that
 * select one of them: a write declares its refresh here, not in each screen's hook.
 */
export type Refreshes = readonly string[] | 'everything';

/**
 * What a write acts on: records its arguments name (ids, one record, the session: `'records'`),
 * or a set the operator was shown (`'set'`: a filter, an audience, a file), which it confirms
 * by the set's fingerprint through `confirmedSetWrite` and `confirmSet`
 * (confirmed-set-declarations.test.ts holds each to its declaration).
 */
export type CommandScope = 'records' | 'set';

/** What a write answers: an object type (a Pothos ref), or a scalar (a Boolean, a count). */
export type CommandAnswer = { $inferType: unknown } | 'Boolean' | 'Int';

/** The value a handler returns for its answer type. */
export type AnswerValue<A extends CommandAnswer> = A extends { $inferType: infer R }
  ? R
  : A extends 'Boolean'
    ? boolean
    : number;

/** What a handler knows of its request: who acts, in which language, and every service. */
export type CommandEnv = Pick<
  GraphQLContext,
  'actor' | 'admin' | 'locale' | 'userAgent' | 'services' | 'downloadCookie'
>;

/**
 * The events a handler writes, bound to its request's actor: the event of its name
 * (`audit.change(work)`), or each declared role's (`audit.apply.each(work)`). A handler names
 * no event itself, so it cannot write another write's.
 */
export type CommandAudit<N extends string, E> = E extends AnyAuditEventDeclaration
  ? EventWriter<NamedAuditEvent<N, E>>
  : E extends CommandEvents
    ? { [K in keyof E]: EventWriter<E[K]> }
    : never;

/**
 * A write with everything it is: its operation and input (above), its access rule, what its
 * mutation answers and says, and its handler (the rules and the change). The mutation is
 * registered from it (graphql/command-fields.ts, `registerCommands`), and the runner binds its
 * events and checks the handler wrote one (`runCommand`).
 */
export type HandledCommand<
  N extends string,
  F extends CommandFields,
  E extends CommandEventsOf,
  A extends CommandAnswer,
> = Command<N, F> &
  EventField<E> & {
    /** The mutation's description in the contract. */
    description: string;
    /** The one access rule of the mutation (graphql/builder.ts, ACCESS_RULES). */
    access: AccessRule;
    /** The Query root fields its success changes (above). */
    refreshes: Refreshes;
    /** Whether it acts on named records or on a confirmed set (above). */
    scope: CommandScope;
    answer: A;
    /** The GraphQL types of the input's enum and input object fields, by field name. */
    refs?: Readonly<Record<string, unknown>>;
    handler: (
      input: CommandInput<F>,
      env: CommandEnv & { audit: CommandAudit<N, E> },
    ) => Promise<AnswerValue<A>>;
  };

/** Any declared write, with or without its handler (what the registry holds). */
export type AnyCommand = Command<string, CommandFields> & {
  event?: AnyAuditEventDeclaration;
  audit?: CommandEvents;
} & Partial<
    Omit<
      HandledCommand<string, CommandFields, CommandEventsOf, CommandAnswer>,
      'handler' | 'event' | 'audit'
    >
  > & {
    handler?: (input: never, env: never) => Promise<unknown>;
  };

const declared: AnyCommand[] = [];

/** Every write declared so far (the declaration test walks them). */
export const declaredCommands = (): readonly AnyCommand[] => declared;

/** The events a write declares: its own (named after it), or those it lists by role. */
export const declaredEvents = (command: {
  name: string;
  event?: AnyAuditEventDeclaration;
  audit?: CommandEvents;
}): readonly NamedAuditEvent[] =>
  command.audit ? Object.values(command.audit) : command.event ? [commandEvent(command)] : [];

/** A write's own event, named after it. */
export function commandEvent<const N extends string, D extends AnyAuditEventDeclaration>(command: {
  name: N;
  event?: D;
}): NamedAuditEvent<N, D> {
  if (!command.event) throw new Error(`${command.name} declares no event of its own.`);
  return { ...command.event, name: command.name };
}

/**
 * Declares a write with its handler and its own event (`event`: a change, written by the
 * handler as `audit.change(work)`), or the events it writes by role (`audit`).
 */
export function defineCommand<
  const N extends string,
  const F extends CommandFields,
  const E extends CommandEventsOf,
  A extends CommandAnswer,
>(command: HandledCommand<N, F, E, A>): HandledCommand<N, F, E, A>;
/** Declares a write once: its operation, its events and its input fields (no handler). */
export function defineCommand<
  const N extends string,
  const F extends CommandFields,
  const E extends CommandEventsOf,
>(command: Command<N, F> & EventField<E>): Command<N, F> & EventField<E>;
export function defineCommand(command: AnyCommand) {
  // One or the other: a write is its own event, or writes the events it lists by role.
  if (!command.event === !command.audit)
    throw new Error(`${command.name} declares its own event or its events by role (one).`);
  if (declared.some((c) => c.name === command.name))
    throw new Error(`${command.name} is declared twice.`);
  declared.push(command);
  return command;
}
