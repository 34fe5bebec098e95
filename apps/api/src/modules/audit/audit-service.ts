import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { JsonValue } from '../../db/tables/admin-tables';
import type { Page, PageRequest } from '../../shared/page';
import type { Clock } from '../../shared/clock';
import type { Actor } from '../../shared/actor';
import { GENESIS_HASH, hashAuditRow, toJson, type HashedAuditRow } from './audit-hash';
import * as repo from './audit-repository';
import type { AuditLogsInput } from './audit-list';
import {
  eventOf,
  type AuditChange,
  type AuditInput,
  type Audited,
  type ChangeEventRef,
  type EventOf,
  type FactsEventRef,
} from '../../platform/commands';
import { isAuditOperation, type FactsOf, type NamedAuditEvent } from '@app/shared';

export type { AuditChange, AuditInput, Audited };

export type AuditRowView = repo.StoredAuditRow;

/**
 * Appends one row of a registered event to the chain inside the caller's transaction; its
 * target type is the event's.
 */
async function appendAuditRow(
  trx: Transaction<DB>,
  actor: Actor,
  entry: {
    event: NamedAuditEvent;
    targetIds: ReadonlyArray<string | number>;
    summary: { [key: string]: JsonValue };
  },
  occurredAt: Date,
): Promise<void> {
  // The types allow only declared events; this stops a cast, plain JavaScript, or an event
  // declared where `npm run codegen` did not print it (packages/shared audit-operations.ts).
  if (!isAuditOperation(entry.event.name))
    throw new Error(`${String(entry.event.name)} is not a registered audit event.`);
  // Taken last in the transaction, so the head stays locked only for the append itself.
  const head = await repo.lockChainHead(trx);
  const row: HashedAuditRow = {
    id: String(BigInt(head.lastId) + 1n),
    occurredAt: occurredAt.toISOString(),
    adminUserId: actor.adminUserId,
    adminUserName: actor.adminUserName,
    operation: entry.event.name,
    targetType: entry.event.targetType,
    targetIds: entry.targetIds.map(String),
    summary: entry.summary,
    requestId: actor.requestId,
    ip: actor.ip,
    prevHash: head.lastHash,
  };
  await repo.insertAuditRow(trx, { ...row, hash: hashAuditRow(row) });
}

/**
 * One row per change, all at one time, each with its record's before and after: how every
 * change is written, one (withAudit), many (withAuditEach) or caused by another (appendCaused).
 */
async function appendChangeRows<E extends ChangeEventRef>(
  trx: Transaction<DB>,
  actor: Actor,
  event: NamedAuditEvent,
  changes: ReadonlyArray<AuditChange<E>>,
  at: Date,
): Promise<void> {
  for (const change of changes) {
    await appendAuditRow(
      trx,
      actor,
      {
        event,
        targetIds: change.targetIds,
        summary: { before: toJson(change.before), after: toJson(change.after) },
      },
      at,
    );
  }
}

type ChainCheck =
  | { ok: true; rows: number; lastHash: string }
  | { ok: false; rows: number; brokenAtId: string; reason: string };

/** The audit trail: the one helper every mutation runs through, the list query and the chain check. */
/**
 * The audit log list's filters (and its export's) as the repository's filter: the time range
 * is the occurrence time; blank text means no filter.
 */
export function auditLogsFilter(input: AuditLogsInput): repo.AuditFilter {
  return {
    adminUserId: input.adminUserId ?? null,
    operation: input.operation || null,
    targetType: input.targetType || null,
    targetId: input.targetId || null,
    occurredFrom: input.dateFrom ?? null,
    occurredUntil: input.dateUntil ?? null,
    refusals: input.refusals ?? false,
  };
}

export function createAuditService(db: Kysely<DB>, clock: Clock) {
  return {
    /**
     * Runs `work` in a new transaction and appends its audit row in that same transaction:
     * the change and its record commit together or not at all. Every mutation uses this.
     */
    async withAudit<E extends ChangeEventRef, T>(
      actor: Actor,
      event: E,
      work: (trx: Transaction<DB>) => Promise<Audited<T, E>>,
    ): Promise<T> {
      const named = eventOf(event);
      const result = await db.transaction().execute(async (trx) => {
        const outcome = await work(trx);
        await appendChangeRows(trx, actor, named, [outcome], clock());
        return outcome.result;
      });
      actor.audited.push(named.name);
      return result;
    },

    /**
     * Like withAudit, for a call that changes many records (withdrawal approvals): one audit
     * row per changed record, all in the work's transaction, so each record's own history
     * reads from the trail. Work that changed nothing must throw (no row would be written).
     */
    async withAuditEach<E extends ChangeEventRef, T>(
      actor: Actor,
      event: E,
      work: (trx: Transaction<DB>) => Promise<{
        result: T;
        changes: ReadonlyArray<AuditChange<E>>;
      }>,
    ): Promise<T> {
      const named = eventOf(event);
      const result = await db.transaction().execute(async (trx) => {
        const outcome = await work(trx);
        await appendChangeRows(trx, actor, named, outcome.changes, clock());
        return outcome.result;
      });
      actor.audited.push(named.name);
      return result;
    },

    /**
     * Appends the rows of changes that another change causes, inside that change's own
     * transaction (withAudit or withAuditEach opened it): demoting an admin voids their
     * approvals, each request's row beside the demotion's.
     */
    async appendCaused<E extends ChangeEventRef>(
      trx: Transaction<DB>,
      actor: Actor,
      event: E,
      changes: ReadonlyArray<AuditChange<E>>,
    ): Promise<void> {
      const named = eventOf(event);
      await appendChangeRows(trx, actor, named, changes, clock());
      if (changes.length > 0) actor.audited.push(named.name);
    },

    /** Records an event that changes nothing else (such as a failed sign-in) in its own transaction. */
    async record<E extends FactsEventRef>(
      actor: Actor,
      event: E,
      targetIds: ReadonlyArray<string | number>,
      summary: AuditInput<FactsOf<EventOf<E>>>,
    ): Promise<void> {
      const named = eventOf(event);
      await db
        .transaction()
        .execute((trx) =>
          appendAuditRow(
            trx,
            actor,
            { event: named, targetIds, summary: toJson(summary) as { [key: string]: JsonValue } },
            clock(),
          ),
        );
      actor.audited.push(named.name);
    },

    /** One page of audit rows with the given filters. */
    async list(
      filter: repo.AuditFilter,
      page: PageRequest<repo.AuditSortTarget>,
    ): Promise<Page<AuditRowView>> {
      return repo.listAuditRows(db, filter, page);
    },

    /**
     * Recomputes every row's hash in id order and checks each row links to the previous one
     * and the head points at the last: an edited, inserted or removed row breaks the chain.
     */
    async verifyChain(batchSize = 1000): Promise<ChainCheck> {
      let prevHash = GENESIS_HASH;
      let lastId = '0';
      let rows = 0;
      for (;;) {
        const batch = await repo.readAuditRowsAfter(db, lastId, batchSize);
        for (const row of batch) {
          const expectedId = String(BigInt(lastId) + 1n);
          if (row.id !== expectedId) {
            return {
              ok: false,
              rows,
              brokenAtId: expectedId,
              reason: `row ${expectedId} is missing`,
            };
          }
          if (row.prevHash !== prevHash) {
            return {
              ok: false,
              rows,
              brokenAtId: row.id,
              reason: 'prev_hash does not match the previous row',
            };
          }
          const { hash, ...hashed } = row;
          if (hashAuditRow(hashed) !== hash) {
            return {
              ok: false,
              rows,
              brokenAtId: row.id,
              reason: 'row content does not match its hash',
            };
          }
          prevHash = hash;
          lastId = row.id;
          rows += 1;
        }
        if (batch.length < batchSize) break;
      }
      const head = await repo.readChainHead(db);
      if (head.lastId !== lastId || head.lastHash !== prevHash) {
        return {
          ok: false,
          rows,
          brokenAtId: head.lastId,
          reason: `the chain head points at row ${head.lastId} but the log ends at row ${lastId}`,
        };
      }
      return { ok: true, rows, lastHash: prevHash };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
