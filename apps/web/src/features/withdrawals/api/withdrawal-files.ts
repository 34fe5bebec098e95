import { useMutation, useQuery } from '@tanstack/react-query';
import type { WithdrawalKind } from '@app/shared';
import { graphql } from '@/gql';
import type {
  WithdrawalTransactionsUploadMutation,
  WithdrawalExportBatchCsvQueryVariables,
  WithdrawalSigningExportMutationVariables,
  WithdrawalSigningExportPreviewQueryVariables,
} from '@/gql/graphql';
import { saveFile } from '@/lib/download';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';
import { useWrite } from '@/lib/use-write';
import { upload } from '@/lib/upload';

const ExportPreviewQuery = graphql(`
  query WithdrawalSigningExportPreview(
    $kind: WithdrawalKind!
    $searchParams: WithdrawalSearchParams
  ) {
    withdrawalSigningExportPreview(kind: $kind, searchParams: $searchParams) {
      count
      fingerprint
      totals {
        coin
        transfers
        amount
      }
      underApprovedIds
    }
  }
`);

const SigningExportMutation = graphql(`
  mutation WithdrawalSigningExport(
    $kind: WithdrawalKind!
    $layout: WithdrawalSigningLayout!
    $searchParams: WithdrawalSearchParams
    $expectedCount: Int!
    $fingerprint: String!
    $clientKey: String!
  ) {
    postWithdrawalSigningExport(
      kind: $kind
      layout: $layout
      searchParams: $searchParams
      expectedCount: $expectedCount
      fingerprint: $fingerprint
      clientKey: $clientKey
    ) {
      url
      fileName
      batch {
        id
        requestCount
        fileSha256
      }
    }
  }
`);

const ExportBatchCsvQuery = graphql(`
  query WithdrawalExportBatchCsv($batchId: ID!, $layout: WithdrawalSigningLayout) {
    withdrawalExportBatchCsv(batchId: $batchId, layout: $layout) {
      url
      fileName
    }
  }
`);

/**
 * What an export of the screen's filters would take now (count and total per coin, from the
 * server, for exactly that filter); read fresh each time the confirmation opens.
 */
export function useSigningExportPreview(
  variables: WithdrawalSigningExportPreviewQueryVariables,
  enabled: boolean,
) {
  return useQuery({
    queryKey: queryKeyFor(ExportPreviewQuery, variables),
    queryFn: async () =>
      (await execute(ExportPreviewQuery, variables)).withdrawalSigningExportPreview,
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

// A key for one confirmed export: a retry of the same call exports nothing twice.
export { newClientKey } from '@/lib/client-key';

/**
 * Exports exactly the approved requests of the screen's filters for signing (they become
 * processing; the server refuses when they are not the count confirmed) and downloads the
 * file under the name the answer gives.
 */
export function useSigningExport() {
  return useWrite({
    mutationFn: async (variables: WithdrawalSigningExportMutationVariables) => {
      const answer = (await execute(SigningExportMutation, variables)).postWithdrawalSigningExport;
      // The browser follows the link the API issued (its download cookie opens it).
      saveFile(answer.url, answer.fileName);
      return answer;
    },
    mutation: SigningExportMutation,
  });
}

/** Downloads an earlier batch again in a layout: the bytes kept with it, under its name. */
export function useBatchDownload() {
  return useMutation({
    mutationFn: async (variables: WithdrawalExportBatchCsvQueryVariables) => {
      const answer = (await execute(ExportBatchCsvQuery, variables)).withdrawalExportBatchCsv;
      // The browser follows the link the API issued (its download cookie opens it).
      saveFile(answer.url, answer.fileName);
      return answer;
    },
  });
}

// Uploads go as a GraphQL multipart request; the document is typed by codegen like every other.
const UploadMutation = graphql(`
  mutation WithdrawalTransactionsUpload(
    $kind: WithdrawalKind!
    $file: Upload!
    $dryRun: Boolean
    $fingerprint: String
  ) {
    postWithdrawalTransactionsByCSV(
      kind: $kind
      file: $file
      dryRun: $dryRun
      fingerprint: $fingerprint
    ) {
      messageCode
      messageParams
      countTransactions
      isSuccess
      report {
        contentHash
        rowCount
        invalidRowCount
        errorCount
        applicableRowCount
        notApplicableReason
        errors {
          line
          column
          code
          params
          message
        }
      }
    }
  }
`);

export type UploadAnswer = WithdrawalTransactionsUploadMutation['postWithdrawalTransactionsByCSV'];

/**
 * Checks (dryRun) or applies a transaction CSV; an apply sends the fingerprint (contentHash) of
 * the file its check showed, so another file is refused (LIST_CHANGED).
 */
export function useTransactionsUpload() {
  return useWrite({
    mutationFn: async (
      variables:
        | { kind: WithdrawalKind; file: File; dryRun: true }
        | { kind: WithdrawalKind; file: File; dryRun: false; fingerprint: string },
    ) => (await upload(UploadMutation, variables)).postWithdrawalTransactionsByCSV,
    mutation: UploadMutation,
  });
}
