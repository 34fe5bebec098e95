import type { TransactionsCsvReportFragment } from '@/gql/graphql';
import { graphql } from '@/gql';
import { upload } from '@/lib/upload';

graphql(`
  fragment TransactionsCsvReport on PaymentsCsvResult {
    message
    countPayments
    report {
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
      ) {
        ...TransactionsCsvReport
      }
    }
  `),
} as const;

export type CsvKind = keyof typeof DOCUMENTS;
export type CsvResult = TransactionsCsvReportFragment;

/**
 * Sends a CSV (a multipart request with upload progress). `onProgress` gets 0–1 while the
 * bytes go up; once they are all sent the server validates (and applies), reporting its
 * phases under `progressKey` (csvImportProgress, polled by the caller).
 */
export async function uploadCsv(
  kind: CsvKind,
  file: File,
  dryRun: boolean,
  onProgress: (fraction: number) => void,
  progressKey?: string,
  fingerprint?: string,
): Promise<CsvResult> {
  // An apply names the file its check showed (contentHash): another file is refused.
  const variables = {
    file,
    dryRun,
    progressKey: progressKey ?? null,
    fingerprint: fingerprint ?? null,
  };
  if (kind === 'payments')
    return (await upload(DOCUMENTS.payments, variables, { onProgress })).postAddUserPaymentsByCSV;
  return (await upload(DOCUMENTS.rates, variables, { onProgress })).postAssignRatesByCSV;
}

/** A fresh key for one upload's progress (a UUID: what the server's key rule expects). */
export function newProgressKey(): string {
  return crypto.randomUUID();
}
