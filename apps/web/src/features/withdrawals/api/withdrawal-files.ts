import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCESS_TOKEN_HEADER, GRAPHQL_PATH, type WithdrawalKind } from '@app/shared';
import { graphql } from '@/gql';
import type { WithdrawalSigningCsvQueryVariables } from '@/gql/graphql';
import { getAccessToken } from '@/lib/auth-token';
import {
  execute,
  GraphQLRequestError,
  NetworkError,
  type GraphQLErrorItem,
} from '@/lib/graphql-client';
import { withdrawalRequestsKey } from './withdrawal-requests';

const SigningCsvQuery = graphql(`
  query WithdrawalSigningCsv(
    $kind: WithdrawalKind!
    $layout: WithdrawalSigningLayout!
    $requestedAtFrom: DateTime
    $requestedAtUntil: DateTime
  ) {
    withdrawalSigningCsv(
      kind: $kind
      layout: $layout
      requestedAtFrom: $requestedAtFrom
      requestedAtUntil: $requestedAtUntil
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

/** Starts a download of a link the API issued (the download cookie authenticates it). */
function download(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Exports the approved requests for signing (they become processing) and downloads the file. */
export function useSigningExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: WithdrawalSigningCsvQueryVariables) => {
      const answer = (await execute(SigningCsvQuery, variables)).withdrawalSigningCsv;
      download(answer.url, answer.fileName);
      return answer;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawalRequestsKey }),
  });
}

// Uploads go as a GraphQL multipart request (the JSON client cannot carry a file); the
// document is typed by codegen like every other.
const UploadMutation = graphql(`
  mutation WithdrawalTransactionsUpload($kind: WithdrawalKind!, $file: Upload!, $dryRun: Boolean) {
    postWithdrawalTransactionsByCSV(kind: $kind, file: $file, dryRun: $dryRun) {
      message
      countTransactions
      isSuccess
      report {
        errorCount
        errors {
          line
          column
          message
        }
      }
    }
  }
`);

export type UploadAnswer = {
  message: string;
  countTransactions: number;
  isSuccess: boolean;
  report: {
    errorCount: number;
    errors: Array<{ line: number; column: string | null; message: string }>;
  };
};

async function uploadFile(
  kind: WithdrawalKind,
  file: File,
  dryRun: boolean,
): Promise<UploadAnswer> {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({ query: UploadMutation.toString(), variables: { kind, file: null, dryRun } }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', file, file.name);
  const token = getAccessToken();
  let response: Response;
  try {
    response = await fetch(GRAPHQL_PATH, {
      method: 'POST',
      // The token header also passes the CSRF rule for multipart requests.
      headers: token ? { [ACCESS_TOKEN_HEADER]: token } : {},
      body: form,
    });
  } catch (error) {
    throw new NetworkError(error, false);
  }
  const body = (await response.json().catch((error: unknown) => {
    throw new NetworkError(error);
  })) as {
    data?: { postWithdrawalTransactionsByCSV: UploadAnswer } | null;
    errors?: GraphQLErrorItem[];
  };
  if (body.errors?.length) throw new GraphQLRequestError(body.errors);
  if (!body.data) throw new NetworkError(new Error(`HTTP ${response.status}`));
  return body.data.postWithdrawalTransactionsByCSV;
}

/** Checks (dryRun) or applies a transaction CSV. */
export function useTransactionsUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { kind: WithdrawalKind; file: File; dryRun: boolean }) =>
      uploadFile(v.kind, v.file, v.dryRun),
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawalRequestsKey }),
  });
}
