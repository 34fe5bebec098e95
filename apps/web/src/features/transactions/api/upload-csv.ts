import { ACCESS_TOKEN_HEADER, GRAPHQL_PATH } from '@app/shared';
import type { TransactionsCsvReportFragment } from '@/gql/graphql';
import { graphql } from '@/gql';
import { getAccessToken } from '@/lib/auth-token';
import { GraphQLRequestError, NetworkError, type GraphQLErrorItem } from '@/lib/graphql-client';

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
      errorCount
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

// Typed documents, checked against the contract; sent by XMLHttpRequest (upload progress) as
// their printed text, which carries the fragment.
const DOCUMENTS = {
  payments: graphql(`
    mutation TransactionsUploadPayments($file: Upload!, $dryRun: Boolean, $progressKey: String) {
      postAddUserPaymentsByCSV(file: $file, dryRun: $dryRun, progressKey: $progressKey) {
        ...TransactionsCsvReport
      }
    }
  `),
  rates: graphql(`
    mutation TransactionsUploadRates($file: Upload!, $dryRun: Boolean, $progressKey: String) {
      postAssignRatesByCSV(file: $file, dryRun: $dryRun, progressKey: $progressKey) {
        ...TransactionsCsvReport
      }
    }
  `),
} as const;

export type CsvKind = keyof typeof DOCUMENTS;
export type CsvResult = TransactionsCsvReportFragment;

/**
 * Sends a CSV as a GraphQL multipart request (XMLHttpRequest, for the upload's progress
 * events; fetch has none). `onProgress` gets 0–1 while the bytes go up; once they are all
 * sent the server validates (and applies), reporting its phases under `progressKey`
 * (csvImportProgress, polled by the caller).
 */
export function uploadCsv(
  kind: CsvKind,
  file: File,
  dryRun: boolean,
  onProgress: (fraction: number) => void,
  progressKey?: string,
): Promise<CsvResult> {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query: DOCUMENTS[kind].toString(),
      variables: { file: null, dryRun, progressKey: progressKey ?? null },
    }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', GRAPHQL_PATH);
    const token = getAccessToken();
    // The token header also satisfies the server's CSRF rule for multipart requests.
    if (token) xhr.setRequestHeader(ACCESS_TOKEN_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new NetworkError(new Error('upload failed'), false));
    xhr.onload = () => {
      let body: { data?: Record<string, CsvResult> | null; errors?: GraphQLErrorItem[] };
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch (error) {
        reject(new NetworkError(error));
        return;
      }
      if (body.errors?.length) {
        reject(new GraphQLRequestError(body.errors));
        return;
      }
      const result = body.data && Object.values(body.data)[0];
      if (!result) reject(new NetworkError(new Error(`HTTP ${xhr.status}`)));
      else resolve(result);
    };
    xhr.send(form);
  });
}

/** A fresh key for one upload's progress (a UUID: what the server's key rule expects). */
export function newProgressKey(): string {
  return crypto.randomUUID();
}

/** Saves a template: fetched with the token header (the URL is not open to anonymous callers). */
export async function downloadTemplate(path: string, fileName: string): Promise<void> {
  const token = getAccessToken();
  const response = await fetch(path, { headers: token ? { [ACCESS_TOKEN_HEADER]: token } : {} });
  if (!response.ok) throw new NetworkError(new Error(`HTTP ${response.status}`));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
