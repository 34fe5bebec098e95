import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { documentQuery } from '@/lib/document-query';
import { useDocumentWrite } from '@/lib/use-write';

const AdminRoleGrantsQuery = graphql(`
  query AdminRoleGrants {
    adminRoleGrants {
      id
      adminUserId
      adminUserName
      role
      proposedByAdminUserId
      proposedByAdminUserName
      proposedAt
    }
    superAdminCount
  }
`);

/**
 * The grants of approving roles waiting for a second super admin, and how many super admins
 * exist (below two: the fresh-install exception, shown as a warning).
 */
export function useAdminRoleGrants() {
  return useQuery(documentQuery(AdminRoleGrantsQuery, (d) => d));
}

const ConfirmAdminRoleGrantMutation = graphql(`
  mutation ConfirmAdminRoleGrant($id: ID!) {
    postConfirmAdminRoleGrant(id: $id) {
      message
    }
  }
`);

const CancelAdminRoleGrantMutation = graphql(`
  mutation CancelAdminRoleGrant($id: ID!) {
    postCancelAdminRoleGrant(id: $id) {
      message
    }
  }
`);

/** A second super admin confirms a pending grant: the admin gets the role. */
export function useConfirmAdminRoleGrant() {
  return useDocumentWrite(ConfirmAdminRoleGrantMutation, (d) => d.postConfirmAdminRoleGrant);
}

/** Withdraws a pending grant (its proposer, or another super admin declining it). */
export function useCancelAdminRoleGrant() {
  return useDocumentWrite(CancelAdminRoleGrantMutation, (d) => d.postCancelAdminRoleGrant);
}
