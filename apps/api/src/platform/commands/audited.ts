import {
  OTHER_AUDIT_EVENTS,
  type AfterOf,
  type AnyAuditEventDeclaration,
  type BeforeOf,
  type FactsOf,
  type IsChange,
  type IsFacts,
  type NamedAuditEvent,
  type OtherAuditEvents,
  type OtherAuditOperation,
  type OtherChangeOperation,
  type OtherFactsOperation,
} from '@app/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../shared/actor';

/**
 * What a writer may hand for a stored summary shape (the registry's, in @app/shared): Dates
 * where the JSON holds ISO strings and read-only arrays; `toJson` stores exactly the shape.
 */
export type AuditInput<S> = S extends string
  ? string extends S
    ? S | Date
    : S
  : S extends readonly (infer E)[]
    ? readonly AuditInput<E>[]
    : S extends object
      ? { [K in keyof S]: AuditInput<S[K]> }
      : S;

/** A whole `before` or `after`: undefined where the shape allows null (stored as null). */
type AuditSide<S> = AuditInput<S> | (null extends S ? undefined : never);

/**
 * An event as a writer names it: its declaration with its name (a command's, bound by the
 * runner), or the name of an event no command declares (OTHER_AUDIT_EVENTS).
 */
export type AuditEventRef = NamedAuditEvent | OtherAuditOperation;
/** A change event as a writer names it. */
export type ChangeEventRef = NamedAuditEvent | OtherChangeOperation;
/** A facts event as a writer names it. */
export type FactsEventRef = NamedAuditEvent | OtherFactsOperation;

/** The declaration an event reference names. */
export type EventOf<E> = E extends OtherAuditOperation
  ? OtherAuditEvents[E]
  : E extends AnyAuditEventDeclaration
    ? E
    : never;

/** The named declaration of an event reference (run time). */
export function eventOf(event: AuditEventRef): NamedAuditEvent {
  if (typeof event !== 'string') return event;
  // The types allow only declared names; this stops a cast or plain JavaScript.
  if (!Object.prototype.hasOwnProperty.call(OTHER_AUDIT_EVENTS, event))
    throw new Error(`${String(event)} is not a registered audit event.`);
  return OTHER_AUDIT_EVENTS[event];
}

/** One record's change as its event declares it: ids and the summary before and after. */
export type AuditChange<E> = {
  /** Ids of the records changed (known only after the work for inserts). */
  targetIds: ReadonlyArray<string | number>;
  /** A summary of the records before and after; never secrets such as password hashes. */
  before: AuditSide<BeforeOf<EventOf<E>>>;
  after: AuditSide<AfterOf<EventOf<E>>>;
};

/** What an audited piece of work reports besides its result. */
export type Audited<T, E> = AuditChange<E> & { result: T };

/** One unit of audited work: it runs in the transaction its audit row is appended in. */
type Work<R> = (trx: Transaction<DB>) => Promise<R>;

/**
 * What writes the trail (the audit module's service, `ctx.services.audit`): a command's
 * handler reaches it only bound to the events its command declares (`EventWriter`); other
 * writers name an event no command declares.
 */
export type AuditWriter = {
  withAudit<E extends ChangeEventRef, T>(
    actor: Actor,
    event: E,
    work: Work<Audited<T, E>>,
  ): Promise<T>;
  withAuditEach<E extends ChangeEventRef, T>(
    actor: Actor,
    event: E,
    work: Work<{ result: T; changes: ReadonlyArray<AuditChange<E>> }>,
  ): Promise<T>;
  record<E extends FactsEventRef>(
    actor: Actor,
    event: E,
    targetIds: ReadonlyArray<string | number>,
    summary: AuditInput<FactsOf<EventOf<E>>>,
  ): Promise<void>;
};

/**
 * One declared event, bound to the request's actor: `change` runs the work in a transaction
 * and appends one row of the event in it (`each`: one row per changed record); a facts event
 * is written with `record`. The handler never names the event, so it cannot write another.
 */
export type EventWriter<E extends NamedAuditEvent> = (IsChange<E> extends true
  ? {
      /** `as`: the row names another actor (a sign-in names the admin who signed in). */
      change<T>(work: Work<Audited<T, E>>, as?: Actor): Promise<T>;
      each<T>(work: Work<{ result: T; changes: ReadonlyArray<AuditChange<E>> }>): Promise<T>;
    }
  : unknown) &
  (IsFacts<E> extends true
    ? {
        record(
          targetIds: ReadonlyArray<string | number>,
          summary: AuditInput<FactsOf<E>>,
        ): Promise<void>;
      }
    : unknown);

/** Binds one event to the writer and the actor. */
export function eventWriter<E extends NamedAuditEvent>(
  writer: AuditWriter,
  actor: Actor,
  event: E,
): EventWriter<E> {
  // Which of the three a handler may call is decided by the type above, from the declaration.
  const bound = {
    change: <T>(work: Work<Audited<T, E>>, as?: Actor) =>
      writer.withAudit(as ?? actor, event, work),
    each: <T>(work: Work<{ result: T; changes: ReadonlyArray<AuditChange<E>> }>) =>
      writer.withAuditEach(actor, event, work),
    // FactsOf<EventOf<E>> is FactsOf<E> for a declaration; TypeScript does not resolve it.
    record: (targetIds: ReadonlyArray<string | number>, summary: AuditInput<FactsOf<E>>) =>
      writer.record(actor, event, targetIds, summary as AuditInput<FactsOf<EventOf<E>>>),
  };
  return bound as unknown as EventWriter<E>;
}
