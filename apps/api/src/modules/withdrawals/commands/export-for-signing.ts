import { createHash } from 'node:crypto';
import {
  change,
  fileNameStamp,
  namedEvent,
  type WithdrawalBefore,
  type WithdrawalStatus,
} from '@app/shared';
import {
  defineCommand,
  inputObject,
  runAs,
  type AuditChange,
  type CommandAudit,
  type CommandEnv,
} from '../../../platform/commands';
import {
  checkFingerprintInput,
  confirmedSetWrite,
  confirmSet,
  FINGERPRINT_INPUT,
  type ConfirmedSetWrite,
} from '../../../platform/confirmed-set';
import type { Actor } from '../../../shared/actor';
import { AppError } from '../../../shared/app-error';
import { badInput } from '../../../shared/list-input';
import {
  checkExpectedCount,
  MAX_MATCHING_PER_ACTION,
  tooManyMatching,
} from '../withdrawal-actions';
import {
  exportFilter,
  exportFingerprint,
  filterRecord,
  sameRecord,
  SIGNING_LAYOUTS,
  signingFileText,
  type SigningLayout,
} from '../withdrawal-exports';
import * as repo from '../withdrawal-exports-repository';
import { linkOf, SCOPE_NOTE, SigningExportRef, LayoutRef } from '../withdrawal-exports-types';
import { WithdrawalSearchParamsRef } from '../withdrawal-lists-schema';
import { WithdrawalKindRef } from '../withdrawal-types';
import { WITHDRAWAL_KINDS } from '../../../db/tables/domain-tables';
import { lockMatchingSet, type WithdrawalsFilter } from '../withdrawals-repository';
import { WITHDRAWAL_LIST_CALLS, type WithdrawalSearchInput } from '../withdrawals-list';
import { toFilter } from '../withdrawals-service';

/** A client's key of one export call (the web app sends a random one per confirmation). */
const CLIENT_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The signing export as a mutation (what the web app calls). It writes what the signing export
 * queries write too (`<listCall>Csv`, `withdrawalSigningCsv`, `signingExportAs`): one
 * `withdrawalExport` change per request taken, or one `withdrawalExportReplay` when a retried
 * key answers its first batch.
 */
export const SIGNING_EXPORT = defineCommand({
  name: 'postWithdrawalSigningExport',
  description: `The signing export as a mutation (what the web app calls): the approved requests of the kind matching searchParams become processing in one new batch, and the answer is its download link. ${SCOPE_NOTE} expectedCount is required (the count the confirmation showed, from withdrawalSigningExportPreview), and the web app sends the preview's fingerprint. clientKey (16-64 of A-Z a-z 0-9 - _, new for each confirmation) makes it idempotent: the same admin sending the same key again gets the same batch back (a fresh link) and nothing is exported twice; the key with other arguments is BAD_USER_INPUT.`,
  access: 'write',
  scope: 'set',
  refreshes: [
    'withdrawalRequests',
    'withdrawalRequestTimeline',
    'withdrawalExportBatches',
    'withdrawalSigningExportPreview',
  ],
  input: {
    kind: { type: 'Enum', values: WITHDRAWAL_KINDS, required: true },
    layout: { type: 'Enum', values: SIGNING_LAYOUTS, required: true },
    searchParams: inputObject<WithdrawalSearchInput>(),
    expectedCount: { type: 'Int', required: true },
    clientKey: { type: 'String', required: true },
    ...FINGERPRINT_INPUT,
  },
  audit: {
    export: namedEvent(
      'withdrawalExport',
      change<
        WithdrawalBefore,
        {
          status: WithdrawalStatus;
          revision: number | null;
          exportBatchId: string;
          layout: 'v1' | 'v2';
          fileSha256: string;
        }
      >()('withdrawal_request'),
    ),
    /** A retried export answered with its first batch (nothing exported again). */
    replay: namedEvent(
      'withdrawalExportReplay',
      change<null, { replayed: boolean; clientKey: string; requestCount: number }>()(
        'withdrawal_export_batch',
      ),
    ),
  },
  answer: SigningExportRef,
  refs: { kind: WithdrawalKindRef, layout: LayoutRef, searchParams: WithdrawalSearchParamsRef },
  handler: async ({ kind, searchParams, ...input }, env) => {
    const filter = toFilter(kind, searchParams ?? {});
    const batch = await exportForSigning(env, env.audit, {
      ...input,
      filter,
      callName: WITHDRAWAL_LIST_CALLS[kind],
      write: SIGNING_EXPORT_SET,
    });
    return linkOf(env, batch);
  },
});

/**
 * The signing export acts on a confirmed set, under its mutation and under each of the spec's
 * query names (withdrawal-exports-schema.ts declares those where it makes them).
 */
const SIGNING_EXPORT_SET = confirmedSetWrite(SIGNING_EXPORT.name);

type SigningAudit = CommandAudit<typeof SIGNING_EXPORT.name, typeof SIGNING_EXPORT.audit>;

export type SigningExportInput = {
  filter: WithdrawalsFilter;
  layout: SigningLayout;
  /** The count the operator confirmed, shown to people. */
  expectedCount?: number | undefined;
  /** The preview's fingerprint: a different set now is refused (LIST_CHANGED). */
  fingerprint?: string | null | undefined;
  /** The operation the export was called as (a declared set-write). */
  write: ConfirmedSetWrite;
  /** Makes the call idempotent: a retry with the key answers the first call's batch. */
  clientKey?: string | undefined;
  /** The list call's name, for the file name (`savingWithdrawalsCsv_batch12_…`). */
  callName: string;
};

/**
 * The same write under a spec query name (`<listCall>Csv`, `withdrawalSigningCsv`): its events
 * bound and checked as the mutation's (`runAs`), its answer the same download link.
 */
export async function signingExportAs(env: CommandEnv, input: SigningExportInput) {
  const batch = await runAs(SIGNING_EXPORT, env, (audit) => exportForSigning(env, audit, input));
  return linkOf(env, batch);
}

/**
 * Puts exactly the approved requests matching the list's filter into one new batch (the set of
 * `fingerprint`, or as many as `expectedCount` without one, else LIST_CHANGED), after
 * re-checking each one's approvals, marks them processing, and keeps the file's bytes, hash and
 * totals, all in one transaction with one audit row per request. With a client key, a retried
 * call answers the batch its first attempt made and exports nothing again.
 */
async function exportForSigning(
  { actor, services }: CommandEnv,
  audit: SigningAudit,
  input: SigningExportInput,
): Promise<repo.ExportBatchRow> {
  if (actor.adminUserName === null || actor.adminUserId === null)
    throw new AppError('FORBIDDEN', 'Sign in to export.');
  const { filter } = input;
  if (
    filter.requestedAtFrom &&
    filter.requestedAtUntil &&
    new Date(filter.requestedAtFrom) > new Date(filter.requestedAtUntil)
  )
    throw badInput('requestedAtFrom', 'must not be after requestedAtUntil.', {
      code: 'notAfter',
      params: { other: 'requestedAtUntil' },
    });
  if (input.expectedCount !== undefined) checkExpectedCount(input.expectedCount);
  checkFingerprintInput(input.fingerprint);
  const clientKey = input.clientKey ?? null;
  if (clientKey !== null && !CLIENT_KEY.test(clientKey))
    throw badInput('clientKey', 'must be 16 to 64 letters, digits, - or _.');
  const adminUserId = actor.adminUserId;
  const firstAttempt = async () => {
    if (clientKey === null) return undefined;
    const found = await services.withdrawals.batchByKey(adminUserId, clientKey);
    return found && replay(audit, found, input, clientKey);
  };
  const replayed = await firstAttempt();
  if (replayed) return replayed;
  try {
    return await exportOnce(audit, actor, input, clientKey, services.withdrawals.businessTimeZone);
  } catch (error) {
    // A retry that ran beside its first attempt: it waited on the same rows (or key) and found
    // them taken; the first attempt's batch is its answer.
    const first = await firstAttempt();
    if (first) return first;
    throw error;
  }
}

/** Answers a retried call (same admin, same key) with the batch its first attempt made. */
async function replay(
  audit: SigningAudit,
  found: repo.ExportBatchRow,
  input: SigningExportInput,
  clientKey: string,
): Promise<repo.ExportBatchRow> {
  const scoped = exportFilter(input.filter);
  if (
    found.kind !== input.filter.kind ||
    found.layout !== input.layout ||
    !scoped ||
    !sameRecord(found.filters, filterRecord(scoped))
  )
    throw new AppError(
      'BAD_USER_INPUT',
      'clientKey: was already used for another export; send a new key.',
      { field: 'clientKey', reason: 'EXPORT_KEY_REUSED' },
    );
  return audit.replay.each(async () => ({
    result: found,
    changes: [
      {
        targetIds: [found.id],
        before: null,
        after: { replayed: true, clientKey, requestCount: found.requestCount },
      },
    ],
  }));
}

async function exportOnce(
  audit: SigningAudit,
  actor: Actor,
  input: SigningExportInput,
  clientKey: string | null,
  businessTimeZone: string,
): Promise<repo.ExportBatchRow> {
  const { filter, layout } = input;
  const scoped = exportFilter(filter);
  return audit.export.each(async (trx) => {
    // Exactly the approved requests the list shows for this filter, locked in id order (a
    // concurrent export waits, then finds them processing): the very set the operator
    // confirmed (its fingerprint, through the one confirmed-set check), or nothing happens.
    const rows = scoped ? await lockMatchingSet(trx, scoped, MAX_MATCHING_PER_ACTION + 1) : [];
    if (rows.length > MAX_MATCHING_PER_ACTION) throw tooManyMatching();
    confirmSet(
      input.write,
      { expectedCount: input.expectedCount, fingerprint: input.fingerprint },
      exportFingerprint(filter, rows),
    );
    const locked = rows.map((r) => r.id);
    if (locked.length === 0)
      throw new AppError('CONFLICT', 'There are no approved requests to export.', {
        reason: 'NOTHING_TO_EXPORT',
      });
    // Every request still has the approvals its coin's threshold asks for now.
    await repo.lockThresholds(trx);
    const missing = await repo.underApproved(trx, locked);
    if (missing.length > 0)
      throw new AppError(
        'CONFLICT',
        `Withdrawal requests ${missing.map((m) => m.id).join(', ')} lack the approvals their coin's threshold requires now; nothing was exported. Reject them or leave them out with the filters.`,
        {
          reason: 'APPROVALS_MISSING',
          ids: missing.map((m) => m.id),
          params: { ids: missing.map((m) => m.id).join(', '), count: missing.length },
        },
      );
    const revisionsBefore = await repo.revisionsOf(trx, locked);
    const batch = await repo.insertBatch(trx, {
      kind: filter.kind,
      layout,
      adminUserId: actor.adminUserId,
      adminUserName: actor.adminUserName ?? '',
      requestedAtFrom: dateOf(filter.requestedAtFrom),
      requestedAtUntil: dateOf(filter.requestedAtUntil),
      filters: filterRecord(scoped!),
      requestCount: locked.length,
      clientKey,
    });
    const marked = await repo.markProcessing(trx, locked, batch.id);
    // Both layouts, kept as handed out; the batch row holds the one asked for. Names are
    // stamped in the business time zone (BUSINESS_TIME_ZONE), by the one stamp helper.
    const stamp = fileNameStamp(new Date(batch.createdAt), businessTimeZone);
    const files = new Map<SigningLayout, { fileName: string; sha256: string; content: Buffer }>();
    for (const each of SIGNING_LAYOUTS) {
      const content = Buffer.from(
        await signingFileText(trx, each, batch.id, businessTimeZone),
        'utf8',
      );
      const file = {
        fileName: `${input.callName}${each === 'v2' ? 'CsvV2' : 'Csv'}_batch${batch.id}_${stamp}.csv`,
        sha256: createHash('sha256').update(content).digest('hex'),
        content,
      };
      files.set(each, file);
      await repo.insertBatchFile(trx, { batchId: batch.id, layout: each, ...file });
    }
    const { sha256, content, fileName } = files.get(layout)!;
    const totals = await repo.transferTotals(trx, locked);
    await repo.setBatchFile(trx, batch.id, { sha256, content, fileName, totals });
    const before = new Map(revisionsBefore.map((r) => [String(r.id), r.revision]));
    const revisions = new Map(marked.map((m) => [String(m.id), m.revision]));
    const changes: AuditChange<typeof SIGNING_EXPORT.audit.export>[] = locked.map((id) => ({
      targetIds: [id],
      before: { status: 'approved', revision: before.get(id) ?? null },
      after: {
        status: 'processing',
        revision: revisions.get(id) ?? null,
        exportBatchId: batch.id,
        layout,
        fileSha256: sha256,
      },
    }));
    const row = await repo.findBatch(trx, batch.id);
    return { result: row!, changes };
  });
}

const dateOf = (value: Date | string | undefined): Date | null =>
  value === undefined ? null : new Date(value);
