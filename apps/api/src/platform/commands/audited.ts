import type {
  AuditAfter,
  AuditBefore,
  AuditChangeOperation,
  AuditFacts,
  AuditFactsOperation,
  AuditOperation,
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

/** One record's change as its event declares it: ids and the summary before and after. */
export type AuditChange<O extends AuditChangeOperation> = {
  /** Ids of the records changed (known only after the work for inserts). */
  targetIds: ReadonlyArray<string | number>;
  /** A summary of the records before and after; never secrets such as password hashes. */
  before: AuditSide<AuditBefore<O>>;
  after: AuditSide<AuditAfter<O>>;
};

/** What an audited piece of work reports besides its result. */
export type Audited<T, O extends AuditChangeOperation> = AuditChange<O> & { result: T };

/** One unit of audited work: it runs in the transaction its audit row is appended in. */
type Work<R> = (trx: Transaction<DB>) => Promise<R>;

/**
 * What writes the trail (the audit module's service, `ctx.services.audit`): a command's
 * handler reaches it only bound to the events its command declares (`EventWriter`).
 */
export type AuditWriter = {
  withAudit<O extends AuditChangeOperation, T>(
    actor: Actor,
    operation: O,
    work: Work<Audited<T, O>>,
  ): Promise<T>;
  withAuditEach<O extends AuditChangeOperation, T>(
    actor: Actor,
    operation: O,
    work: Work<{ result: T; changes: ReadonlyArray<AuditChange<O>> }>,
  ): Promise<T>;
  record<O extends AuditFactsOperation>(
    actor: Actor,
    operation: O,
    targetIds: ReadonlyArray<string | number>,
    summary: AuditInput<AuditFacts<O>>,
  ): Promise<void>;
};

/**
 * One declared event, bound to the request's actor: `change` runs the work in a transaction
 * and appends one row of the event in it (`each`: one row per changed record); a facts event
 * is written with `record`. The handler never names the event, so it cannot write another.
 */
export type EventWriter<O extends AuditOperation> = ([O] extends [AuditChangeOperation]
  ? {
      /** `as`: the row names another actor (a sign-in names the admin who signed in). */
      change<T>(work: Work<Audited<T, O>>, as?: Actor): Promise<T>;
      each<T>(work: Work<{ result: T; changes: ReadonlyArray<AuditChange<O>> }>): Promise<T>;
    }
  : unknown) &
  ([O] extends [AuditFactsOperation]
    ? {
        record(
          targetIds: ReadonlyArray<string | number>,
          summary: AuditInput<AuditFacts<O>>,
        ): Promise<void>;
      }
    : unknown);

/** Binds one event to the writer and the actor. */
export function eventWriter<O extends AuditOperation>(
  writer: AuditWriter,
  actor: Actor,
  operation: O,
): EventWriter<O> {
  // Which of the three a handler may call is decided by the type above, from the registry.
  const change = operation as AuditChangeOperation;
  const facts = operation as AuditFactsOperation;
  const bound = {
    change: <T>(work: Work<Audited<T, AuditChangeOperation>>, as?: Actor) =>
      writer.withAudit(as ?? actor, change, work),
    each: <T>(
      work: Work<{ result: T; changes: ReadonlyArray<AuditChange<AuditChangeOperation>> }>,
    ) => writer.withAuditEach(actor, change, work),
    record: (targetIds: ReadonlyArray<string | number>, summary: AuditInput<AuditFacts<never>>) =>
      writer.record(actor, facts, targetIds, summary),
  };
  return bound as unknown as EventWriter<O>;
}
