import type { TransactionsCsvImportReportFragment } from '@/gql/graphql';
import { graphql } from '@/gql';
import { execute, GraphQLRequestError } from '@/lib/graphql-client';
import { upload } from '@/lib/upload';

graphql(`
  fragment TransactionsCsvImportReport on CsvImportReport {
    dryRun
    fileName
    contentHash
    encoding
    rowCount
    count
    invalidRowCount
    errorCount
    applicableRowCount
    notApplicableReason
    totals {
      name
      value
    }
    errors {
      line
      column
      code
      params
      message
    }
    rows {
      line
      values {
        name
        value
      }
    }
    alreadyImported {
      id
      importedAt
      adminUserName
    }
    imported {
      id
      appliedCount
    }
  }
`);

graphql(`
  fragment TransactionsCsvReport on PaymentsCsvResult {
    runId
  }
`);

/** A background upload's run, polled until it has ended (issue 36). */
const RUN = graphql(`
  query TransactionsImportRun($id: ID!) {
    csvImportRun(id: $id) {
      outcome
      report {
        ...TransactionsCsvImportReport
      }
      refusal {
        message
        extensions
      }
    }
  }
`);

// Typed documents, checked against the contract; their printed text carries the fragment.
const DOCUMENTS = {
  payments: graphql(`
    mutation TransactionsUploadPayments(
      $file: Upload!
      $dryRun: Boolean
      $progressKey: String
      $fingerprint: String
    ) {
      postAddUserPaymentsByCSV(
        file: $file
        dryRun: $dryRun
        progressKey: $progressKey
        fingerprint: $fingerprint
        background: true
      ) {
        ...TransactionsCsvReport
      }
    }
  `),
  rates: graphql(`
    mutation TransactionsUploadRates(
      $file: Upload!
      $dryRun: Boolean
      $progressKey: String
      $fingerprint: String
    ) {
      postAssignRatesByCSV(
        file: $file
        dryRun: $dryRun
        progressKey: $progressKey
        fingerprint: $fingerprint
        background: true
      ) {
        ...TransactionsCsvReport
      }
    }
  `),
} as const;

export type CsvKind = keyof typeof DOCUMENTS;
/** What a check or an apply did: the count the screen words, and the whole report. */
export type CsvResult = { countPayments: number; report: TransactionsCsvImportReportFragment };

/** How often the run of an upload is asked whether it has ended. */
const RUN_POLL_MS = 500;

/**
 * Sends a CSV (a multipart request with upload progress). `onProgress` gets 0–1 while the
 * bytes go up. The server answers at once with the upload's run (docs/decisions/csv-imports.md,
 * "Runs": a job checks or applies it, on any replica, so no proxy timeout cuts a long file);
 * its phases are reported under `progressKey` (csvImportProgress, polled by the caller) and
 * this call follows the run until it has ended: its report, or its refusal thrown as the
 * call's own error would be (the screen words both the same way).
 */
export async function uploadCsv(
  kind: CsvKind,
  file: File,
  dryRun: boolean,
  onProgress: (fraction: number) => void,
  progressKey?: string,
  fingerprint?: string,
  onRun?: (runId: string) => void,
): Promise<CsvResult> {
  // An apply names the file its check showed (contentHash): another file is refused.
  const variables = {
    file,
    dryRun,
    progressKey: progressKey ?? null,
    fingerprint: fingerprint ?? null,
  };
  const answer =
    kind === 'payments'
      ? (await upload(DOCUMENTS.payments, variables, { onProgress })).postAddUserPaymentsByCSV
      : (await upload(DOCUMENTS.rates, variables, { onProgress })).postAssignRatesByCSV;
  if (!answer.runId) throw new Error('The server answered the upload without its run.');
  onRun?.(answer.runId);
  return followRun(answer.runId);
}

/** Polls the run until it has ended: its report, or its refusal as a GraphQL error. */
export async function followRun(runId: string): Promise<CsvResult> {
  for (;;) {
    const run = (await execute(RUN, { id: runId })).csvImportRun;
    if (run === null || run === undefined) throw new Error(`Upload ${runId} is unknown.`);
    if (run.report && (run.outcome === 'checked' || run.outcome === 'applied')) {
      const report = run.report;
      const countPayments = report.dryRun
        ? report.count
        : report.alreadyImported
          ? 0
          : (report.imported?.appliedCount ?? 0);
      return { countPayments, report };
    }
    if (run.outcome !== null && run.outcome !== undefined) {
      const refusal = run.refusal ?? { message: 'Server error!', extensions: '{}' };
      throw new GraphQLRequestError([
        {
          message: refusal.message,
          extensions: JSON.parse(refusal.extensions) as Record<string, unknown>,
        },
      ]);
    }
    await new Promise((resolve) => setTimeout(resolve, RUN_POLL_MS));
  }
}

/** A fresh key for one upload's progress (a UUID: what the server's key rule expects). */
export function newProgressKey(): string {
  return crypto.randomUUID();
}

/**
 * The run an upload started in this tab, kept until it has ended, so a reload (or a return to
 * the screen) follows it to its result instead of leaving an apply that is still running unseen.
 */
export type PendingRun = { runId: string; dryRun: boolean; progressKey: string; fileName: string };

const pendingKey = (kind: CsvKind) => `csv-run:${kind}`;

export const pendingRuns = {
  read(kind: CsvKind): PendingRun | null {
    try {
      const raw = sessionStorage.getItem(pendingKey(kind));
      return raw ? (JSON.parse(raw) as PendingRun) : null;
    } catch {
      return null;
    }
  },
  save(kind: CsvKind, run: PendingRun): void {
    sessionStorage.setItem(pendingKey(kind), JSON.stringify(run));
  },
  clear(kind: CsvKind): void {
    sessionStorage.removeItem(pendingKey(kind));
  },
};
