import type { Actor } from '../../shared/actor';
import {
  changeAndFacts,
  type ImportAppliedSummary,
  type ImportCheckedSummary,
  type ImportQueuedSummary,
} from '@app/shared';
import type { AuditInput, CommandInput } from '../../platform/commands';
import { FILE_FINGERPRINT_INPUT, type ConfirmedSetWrite } from '../../platform/confirmed-set';
import type {
  ImportDefinition,
  ImportReport,
  ImportsService,
  ImportTransaction,
  RunActor,
} from '../../platform/imports';
import { AppError } from '../../shared/app-error';
import { PAYMENT_COLUMNS, RATE_COLUMNS } from './payments-imports';
import { ASSIGNMENT_RUNNING } from './payments-rates';
import * as write from './payments-write-repository';

/**
 * The two CSV imports of payments and rates (commands/import-payments.ts,
 * commands/import-rates.ts): what they take, how a file runs through the import engine as
 * one audited change (or a dry run's facts), and how a background upload is stored for its
 * job (issue 36) and run again by it.
 */

/** A CSV upload: the file, whether only to check it, and the key its progress is polled by. */
export const CSV_UPLOAD = {
  file: { type: 'Upload', required: true },
  dryRun: { type: 'Boolean', defaultValue: false },
  progressKey: {
    type: 'String',
    description:
      'A key the client chooses (8–64 of A-Z a-z 0-9 - _) to poll csvImportProgress with.',
  },
  background: {
    type: 'Boolean',
    defaultValue: false,
    description:
      'true: the file is stored and checked (or applied) by a background job on any replica; the answer comes at once with runId (report null), and csvImportProgress(key) or csvImportRun(id) answers the report or the refusal. false (the default): the call waits and answers the report, as the spec has it.',
  },
  ...FILE_FINGERPRINT_INPUT,
} as const;

/** A payments or rates file as a handler takes it. */
type CsvUploadInput = CommandInput<typeof CSV_UPLOAD>;

/**
 * The answer of an upload: a call that waits has its report; a background upload (issue 36)
 * only its run, whose progress and report csvImportProgress / csvImportRun answer.
 */
export type ImportResult = {
  message: string;
  countPayments: number;
  report: ImportReport | null;
  runId: string | null;
};

/**
 * The event of each CSV import's command (commands/import-payments.ts, import-rates.ts): the
 * apply as one change, a dry run's or a queued upload's facts, on a `csv_import`.
 */
export const CSV_IMPORT_EVENT = changeAndFacts<
  null,
  ImportAppliedSummary,
  (ImportCheckedSummary & { dryRun: true }) | ImportQueuedSummary
>()('csv_import');

/**
 * The one event a CSV import writes, its command's (bound to the actor who sent the file).
 * Both imports' events are CSV_IMPORT_EVENT, so their `EventWriter` is one.
 */
type CsvImportEvent = {
  change: ImportTransaction;
  record(
    targetIds: ReadonlyArray<string | number>,
    summary: AuditInput<(ImportCheckedSummary & { dryRun: true }) | ImportQueuedSummary>,
  ): Promise<void>;
};

/** One of the two imports: its command's name, set-write, definition and answer's words. */
export type CsvImport<K extends string> = {
  operation: string;
  kind: 'payments' | 'rates';
  set: ConfirmedSetWrite;
  definition: (actor: Actor, now: Date) => ImportDefinition<K>;
  /** How the answer counts: "3 payments imported", "2 payments fixed". */
  verb: 'imported' | 'fixed';
};

/**
 * The payments CSV as an import definition (also run by the bench): rows inserted already
 * fixed, `now` standing in for a missing confirmedAt and as assetFixedAt.
 */
export function paymentsImportDefinition(now: Date): ImportDefinition<write.PaymentStageKey> {
  return {
    kind: 'payments',
    columns: PAYMENT_COLUMNS,
    // The same payment twice in one file is a mistake, never two purchases.
    uniqueBy: ['userId', 'planId', 'paidUsd', 'assetETH', 'assetHEC', 'confirmedAt'],
    validate: (trx, stage) => write.checkStagedPayments(trx, stage, now),
    preview: (trx, stage, limit) => write.previewStagedPayments(trx, stage, limit),
    report: write.PAYMENTS_REPORT,
    summarize: async (trx, stage) => {
      const s = await write.summarizeStagedPayments(trx, stage);
      return {
        count: s.count,
        totals: { paidUsd: s.paidUsd, assetETH: s.assetETH, assetHEC: s.assetHEC },
      };
    },
    apply: async (trx, stage) => {
      return { count: await write.insertStagedPayments(trx, stage, now) };
    },
  };
}

/** The rates CSV as an import definition: one rate assignment per row, by `actor`. */
export function ratesImportDefinition(actor: Actor): ImportDefinition<write.RateStageKey> {
  return {
    kind: 'rates',
    columns: RATE_COLUMNS,
    // A repeated window is reported as overlapping its first occurrence (checkStagedRates).
    validate: (trx, stage) => write.checkStagedRates(trx, stage),
    summarize: async (trx, stage) => {
      const s = await write.summarizeStagedRates(trx, stage);
      return {
        count: s.count,
        totals: {
          BTCAmountToBuyETH: s.btcToBuyETH,
          BTCAmountToBuyHEC: s.btcToBuyHEC,
          amountETH: s.amountETH,
          amountHEC: s.amountHEC,
        },
      };
    },
    apply: async (trx, stage) => {
      if (!(await write.tryLockRateAssignment(trx))) {
        throw new AppError('CONFLICT', ASSIGNMENT_RUNNING, { reason: 'RATE_ASSIGNMENT_RUNNING' });
      }
      // One INSERT of the windows and one UPDATE of their payments, however many rows.
      const ids = await write.insertStagedRateAssignments(trx, stage, actor.adminUserId);
      const { count } = await write.fixAssignedPayments(trx, ids);
      return { count, targetIds: ids };
    },
  };
}

/**
 * Runs a file through the import engine (every row checked, once per content, the set the dry
 * run confirmed): an apply is one change of the command's event, a dry run records its facts.
 */
export function runCsvImport<K extends string>(
  imports: ImportsService,
  audit: CsvImportEvent,
  actor: Actor,
  csv: CsvImport<K>,
  now: Date,
  { file, dryRun, progressKey, fingerprint }: CsvUploadInput,
  runId?: string,
): Promise<ImportReport> {
  return imports.run(csv.definition(actor, now), file, {
    dryRun: dryRun ?? false,
    operation: csv.operation,
    progressKey,
    ...(runId === undefined ? {} : { runId }),
    confirmed: { write: csv.set, fingerprint },
    actor,
    transaction: (work) => audit.change(work),
    recordDryRun: (report) =>
      audit.record([], {
        dryRun: true,
        fileName: report.fileName,
        contentHash: report.contentHash,
        rowCount: report.rowCount,
        errorCount: report.errorCount,
      }),
  });
}

/**
 * A CSV import's call: a background upload is stored and its job sent, answered with its run
 * at once (the stored file and its job are the change; the job writes the command's event);
 * otherwise the file runs now and the answer is its report.
 */
export async function importCsv<K extends string>(
  imports: ImportsService,
  audit: CsvImportEvent,
  actor: Actor,
  csv: CsvImport<K>,
  now: Date,
  input: CsvUploadInput,
): Promise<ImportResult> {
  if (!input.background) {
    const report = await runCsvImport(imports, audit, actor, csv, now, input);
    return importResult(report, 'payment', csv.verb);
  }
  const { runId } = await imports.start(csv.operation, csv.kind, actor, input.file, {
    dryRun: input.dryRun ?? false,
    fingerprint: input.fingerprint,
    progressKey: input.progressKey,
  });
  await audit.record([runId], {
    queued: true,
    runId,
    fileName: input.file.name.slice(0, 255),
    byteSize: input.file.size,
    dryRun: input.dryRun ?? false,
  });
  return {
    message: `The file is stored as upload #${runId}; it is being ${input.dryRun ? 'checked' : 'applied'}.`,
    countPayments: 0,
    report: null,
    runId,
  };
}

/** A background upload's job runs as the admin who sent it, under the request it came with. */
export const jobActor = (
  from: RunActor & { requestId: string | null; ip: string | null },
): Actor => ({
  ...from,
  audited: [],
});

function importResult(report: ImportReport, noun: string, verb: string): ImportResult {
  const count = report.dryRun ? report.summary.count : (report.imported?.appliedCount ?? 0);
  const plural = (n: number) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  let message: string;
  if (report.alreadyImported) {
    message = `This file was already imported as #${report.alreadyImported.id}.`;
  } else if (report.dryRun) {
    message =
      report.errorCount > 0
        ? `${report.errorCount} invalid row${report.errorCount === 1 ? '' : 's'}: nothing would be ${verb}.`
        : `${plural(count)} would be ${verb}.`;
  } else {
    message = `${plural(count)} ${verb}.`;
  }
  return { message, countPayments: report.alreadyImported ? 0 : count, report, runId: null };
}
