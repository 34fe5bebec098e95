import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { JsonValue } from '../../db/tables/admin-tables';
import type { Page, PageRequest } from '../../shared/page';
import type { Clock } from '../../shared/clock';
import type { Actor } from '../../shared/actor';
import { GENESIS_HASH, hashAuditRow, toJson, type HashedAuditRow } from './audit-hash';
import * as repo from './audit-repository';
import type { AuditLogsInput } from './audit-list';
import type { AuditChange, AuditInput, Audited } from '../../platform/commands';
import {
  AUDIT_EVENTS,
  isAuditOperation,
  type AuditChangeOperation,
  type AuditFacts,
  type AuditFactsOperation,
  type AuditOperation,
} from '@app/shared';

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
    operation: AuditOperation;
    targetIds: ReadonlyArray<string | number>;
    summary: { [key: string]: JsonValue };
  },
  occurredAt: Date,
): Promise<void> {
  // The types allow only registered operations; this stops a cast or plain JavaScript.
  if (!isAuditOperation(entry.operation))
    throw new Error(`${String(entry.operation)} is not a registered audit event.`);
  // Taken last in the transaction, so the head stays locked only for the append itself.
  const head = await repo.lockChainHead(trx);
  const row: HashedAuditRow = {
    id: String(BigInt(head.lastId) + 1n),
    occurredAt: occurredAt.toISOString(),
    adminUserId: actor.adminUserId,
    adminUserName: actor.adminUserName,
    operation: entry.operation,
    targetType: AUDIT_EVENTS[entry.operation].targetType,
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
async function appendChangeRows<O extends AuditChangeOperation>(
  trx: Transaction<DB>,
  actor: Actor,
  operation: O,
  changes: ReadonlyArray<AuditChange<O>>,
  at: Date,
): Promise<void> {
  for (const change of changes) {
    await appendAuditRow(
      trx,
      actor,
      {
        operation,
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
    async withAudit<O extends AuditChangeOperation, T>(
      actor: Actor,
      operation: O,
      work: (trx: Transaction<DB>) => Promise<Audited<T, O>>,
    ): Promise<T> {
      const result = await db.transaction().execute(async (trx) => {
        const outcome = await work(trx);
        await appendChangeRows(trx, actor, operation, [outcome], clock());
        return outcome.result;
      });
      actor.audited.push(operation);
      return result;
    },

    /**
     * Like withAudit, for a call that changes many records (withdrawal approvals): one audit
     * row per changed record, all in the work's transaction, so each record's own history
     * reads from the trail. Work that changed nothing must throw (no row would be written).
     */
    async withAuditEach<O extends AuditChangeOperation, T>(
      actor: Actor,
      operation: O,
      work: (trx: Transaction<DB>) => Promise<{
        result: T;
        changes: ReadonlyArray<AuditChange<O>>;
      }>,
    ): Promise<T> {
      const result = await db.transaction().execute(async (trx) => {
        const outcome = await work(trx);
        await appendChangeRows(trx, actor, operation, outcome.changes, clock());
        return outcome.result;
      });
      actor.audited.push(operation);
      return result;
    },

    /**
     * Appends the rows of changes that another change causes, inside that change's own
     * transaction (withAudit or withAuditEach opened it): demoting an admin voids their
     * approvals, each request's row beside the demotion's.
     */
    async appendCaused<O extends AuditChangeOperation>(
      trx: Transaction<DB>,
      actor: Actor,
      operation: O,
      changes: ReadonlyArray<AuditChange<O>>,
    ): Promise<void> {
      await appendChangeRows(trx, actor, operation, changes, clock());
      if (changes.length > 0) actor.audited.push(operation);
    },

    /** Records an event that changes nothing else (such as a failed sign-in) in its own transaction. */
    async record<O extends AuditFactsOperation>(
      actor: Actor,
      operation: O,
      targetIds: ReadonlyArray<string | number>,
      summary: AuditInput<AuditFacts<O>>,
    ): Promise<void> {
      await db
        .transaction()
        .execute((trx) =>
          appendAuditRow(
            trx,
            actor,
            { operation, targetIds, summary: toJson(summary) as { [key: string]: JsonValue } },
            clock(),
          ),
        );
      actor.audited.push(operation);
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
