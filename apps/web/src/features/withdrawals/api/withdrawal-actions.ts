import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type {
  WithdrawalRequestRowFragment,
  WithdrawalRequestsQuery,
  ApproveMatchingWithdrawalRequestsMutationVariables,
  ApproveWithdrawalRequestsMutationVariables,
  FailWithdrawalRequestsMutationVariables,
  RejectMatchingWithdrawalRequestsMutationVariables,
  RejectWithdrawalRequestsMutationVariables,
  WithdrawalMatchingPreviewQueryVariables,
  TypedDocumentString,
} from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';
import { useWrite } from '@/lib/use-write';
import { withdrawalRequestsKey } from './withdrawal-requests';

/** What every action answers: the counts, one result per request, the requests as they are now. */
graphql(`
  fragment WithdrawalActionAnswer on WithdrawalActionAnswer {
    changedCount
    refusedCount
    results {
      id
      outcome
      status
      reason
      message
    }
    requests {
      ...WithdrawalRequestRow
    }
  }
`);

const ApproveMutation = graphql(`
  mutation ApproveWithdrawalRequests($requests: [WithdrawalApprovalInput!]!) {
    postApproveWithdrawalRequests(requests: $requests) {
      ...WithdrawalActionAnswer
    }
  }
`);

const RejectMutation = graphql(`
  mutation RejectWithdrawalRequests(
    $ids: [ID!]!
    $reasonCode: WithdrawalRejectCode!
    $reasonText: String!
  ) {
    postRejectWithdrawalRequests(ids: $ids, reasonCode: $reasonCode, reasonText: $reasonText) {
      ...WithdrawalActionAnswer
    }
  }
`);

// "All N matching this filter": the set as it was when the operator chose it (its count, shown,
// and its fingerprint, which the server compares with the set it finds: LIST_CHANGED if not).
const MatchingPreviewQuery = graphql(`
  query WithdrawalMatchingPreview($kind: WithdrawalKind!, $searchParams: WithdrawalSearchParams) {
    withdrawalMatchingPreview(kind: $kind, searchParams: $searchParams) {
      count
      fingerprint
    }
  }
`);

/**
 * The set "all N matching" acts on, read once when the operator chooses it (`choice` makes a
 * new read per choice) and never refreshed behind their back: what they confirm is what they
 * chose, and a set changed since is refused by the server.
 */
export function useMatchingPreview(
  variables: WithdrawalMatchingPreviewQueryVariables,
  choice: number | null,
) {
  return useQuery({
    queryKey: [...queryKeyFor(MatchingPreviewQuery, variables), choice],
    queryFn: async () => (await execute(MatchingPreviewQuery, variables)).withdrawalMatchingPreview,
    enabled: choice !== null,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

const ApproveMatchingMutation = graphql(`
  mutation ApproveMatchingWithdrawalRequests(
    $kind: WithdrawalKind!
    $searchParams: WithdrawalSearchParams
    $expectedCount: Int!
    $fingerprint: String!
  ) {
    postApproveMatchingWithdrawalRequests(
      kind: $kind
      searchParams: $searchParams
      expectedCount: $expectedCount
      fingerprint: $fingerprint
    ) {
      ...WithdrawalActionAnswer
    }
  }
`);

const RejectMatchingMutation = graphql(`
  mutation RejectMatchingWithdrawalRequests(
    $kind: WithdrawalKind!
    $searchParams: WithdrawalSearchParams
    $expectedCount: Int!
    $fingerprint: String!
    $reasonCode: WithdrawalRejectCode!
    $reasonText: String!
  ) {
    postRejectMatchingWithdrawalRequests(
      kind: $kind
      searchParams: $searchParams
      expectedCount: $expectedCount
      fingerprint: $fingerprint
      reasonCode: $reasonCode
      reasonText: $reasonText
    ) {
      ...WithdrawalActionAnswer
    }
  }
`);

const FailMutation = graphql(`
  mutation FailWithdrawalRequests($ids: [ID!]!, $reason: String!) {
    postFailWithdrawalRequests(ids: $ids, reason: $reason) {
      ...WithdrawalActionAnswer
    }
  }
`);

type ListPage = WithdrawalRequestsQuery['withdrawalRequests'];

/**
 * Puts the requests an action answered into every cached list page at once (status,
 * revision, approvals: the rows and an open detail are right before any reload).
 */
function applyAnswer(
  queryClient: QueryClient,
  requests: readonly WithdrawalRequestRowFragment[],
): void {
  const byId = new Map(requests.map((r) => [r.id, r]));
  queryClient.setQueriesData<ListPage>({ queryKey: withdrawalRequestsKey }, (page) =>
    page && Array.isArray(page.list)
      ? { ...page, list: page.list.map((row) => byId.get(row.id) ?? row) }
      : page,
  );
}

/**
 * After an action: the answer's requests go into the cached lists at once; then every list,
 * tab count and timeline is reloaded (a request may have left the tab shown), and the export
 * buttons, which follow the number of approved requests (the commands' `refreshes`).
 */
function useRefreshAfter(mutation: TypedDocumentString<unknown, never>) {
  const queryClient = useQueryClient();
  return {
    onSuccess: (answer: { requests: readonly WithdrawalRequestRowFragment[] }) =>
      applyAnswer(queryClient, answer.requests),
    mutation,
  };
}

/** One action's write: its call, then the answer's requests in place and the lists reloaded. */
function useAction<V, A extends { requests: readonly WithdrawalRequestRowFragment[] }>(
  mutation: TypedDocumentString<unknown, never>,
  call: (variables: V) => Promise<A>,
) {
  const refresh = useRefreshAfter(mutation);
  return useWrite({ mutationFn: call, ...refresh });
}

/** Approves requests at the revisions shown (the approver is the signed-in admin). */
export function useApproveWithdrawals() {
  return useAction(
    ApproveMutation,
    async (variables: ApproveWithdrawalRequestsMutationVariables) =>
      (await execute(ApproveMutation, variables)).postApproveWithdrawalRequests,
  );
}

/** Approves every request matching the list's filter, if they are still as many as shown. */
export function useApproveMatchingWithdrawals() {
  return useAction(
    ApproveMatchingMutation,
    async (variables: ApproveMatchingWithdrawalRequestsMutationVariables) =>
      (await execute(ApproveMatchingMutation, variables)).postApproveMatchingWithdrawalRequests,
  );
}

export function useRejectMatchingWithdrawals() {
  return useAction(
    RejectMatchingMutation,
    async (variables: RejectMatchingWithdrawalRequestsMutationVariables) =>
      (await execute(RejectMatchingMutation, variables)).postRejectMatchingWithdrawalRequests,
  );
}

export function useRejectWithdrawals() {
  return useAction(
    RejectMutation,
    async (variables: RejectWithdrawalRequestsMutationVariables) =>
      (await execute(RejectMutation, variables)).postRejectWithdrawalRequests,
  );
}

export function useFailWithdrawals() {
  return useAction(
    FailMutation,
    async (variables: FailWithdrawalRequestsMutationVariables) =>
      (await execute(FailMutation, variables)).postFailWithdrawalRequests,
  );
}
