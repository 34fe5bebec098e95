import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { useDocumentWrite } from '@/lib/use-write';
import { documentQuery } from '@/lib/document-query';

graphql(`
  fragment ApprovalThreshold on WithdrawalApprovalThreshold {
    coinType
    secondApprovalAbove
    pendingChange {
      id
      coinType
      fromValue
      toValue
      proposedByAdminUserId
      proposedByAdminUserName
      proposedAt
    }
  }
`);

const ThresholdsQuery = graphql(`
  query WithdrawalApprovalThresholds {
    withdrawalApprovalThresholds {
      ...ApprovalThreshold
    }
  }
`);

const UpdateThresholdMutation = graphql(`
  mutation UpdateWithdrawalApprovalThreshold($coinType: String!, $secondApprovalAbove: Decimal!) {
    postUpdateWithdrawalApprovalThreshold(
      coinType: $coinType
      secondApprovalAbove: $secondApprovalAbove
    ) {
      ...ApprovalThreshold
    }
  }
`);

const ConfirmChangeMutation = graphql(`
  mutation ConfirmWithdrawalApprovalThresholdChange($id: ID!) {
    postConfirmWithdrawalApprovalThresholdChange(id: $id) {
      ...ApprovalThreshold
    }
  }
`);

const CancelChangeMutation = graphql(`
  mutation CancelWithdrawalApprovalThresholdChange($id: ID!) {
    postCancelWithdrawalApprovalThresholdChange(id: $id) {
      ...ApprovalThreshold
    }
  }
`);

/** The per-coin two-person approval thresholds (every role reads them). */
export function useApprovalThresholds() {
  return useQuery(documentQuery(ThresholdsQuery, (d) => d.withdrawalApprovalThresholds));
}

/**
 * Changes one coin's threshold (super admins): a lowering applies at once, a raise answers
 * the threshold unchanged with its pendingChange (docs/domain.md, "Threshold changes"). The
 * lists' "needs two" marks change with it.
 */
export function useUpdateApprovalThreshold() {
  return useDocumentWrite(UpdateThresholdMutation, (d) => d.postUpdateWithdrawalApprovalThreshold);
}

/** A second super admin confirms a pending raise: it applies. */
export function useConfirmThresholdChange() {
  return useDocumentWrite(
    ConfirmChangeMutation,
    (d) => d.postConfirmWithdrawalApprovalThresholdChange,
  );
}

/** Withdraws (or declines) a pending raise: the threshold stays. */
export function useCancelThresholdChange() {
  return useDocumentWrite(
    CancelChangeMutation,
    (d) => d.postCancelWithdrawalApprovalThresholdChange,
  );
}
