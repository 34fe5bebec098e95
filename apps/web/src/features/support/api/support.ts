import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { listQuery } from '@/lib/list-query';
import { queryKeyFor } from '@/lib/query-keys';
import { useDocumentWrite } from '@/lib/use-write';
import { documentQuery } from '@/lib/document-query';

const UserContactsQuery = graphql(`
  query UserContacts($userName: String, $pagination: PaginationInput) {
    userContacts(userName: $userName, pagination: $pagination) {
      list {
        id
        userName
        title
        status
        contactedAt
        statusChangedAt
        categories
        assignee {
          id
          userName
        }
        files {
          id
        }
      }
      pagination {
        limit
        offset
        totalRecords
      }
      statusCounts {
        status
        count
      }
    }
  }
`);

const UserContactQuery = graphql(`
  query UserContact($userContactId: ID!) {
    userContact(userContactId: $userContactId) {
      id
      userName
      title
      content
      status
      contactedAt
      statusChangedAt
      categories
      assignee {
        id
        userName
      }
      files {
        id
        fileName
        contentType
        sizeBytes
        downloadUrl
      }
      history {
        id
        changedAt
        adminUserName
        field
        fromValue
        toValue
      }
      messages {
        id
        kind
        body
        adminUserName
        createdAt
        delivery {
          status
          toAddress
          sentAt
          smtpResponse
        }
      }
    }
  }
`);

const SupportChoicesQuery = graphql(`
  query SupportChoices {
    userContactStatuses {
      id
      name
    }
    adminUserNames {
      id
      userName
    }
  }
`);

const AssignMutation = graphql(`
  mutation AssignUserContact($userContactId: ID!, $assigneeUserId: Int) {
    postAssignAdminUserToUserContact(
      userContactId: $userContactId
      assigneeUserId: $assigneeUserId
    ) {
      message
    }
  }
`);

const StatusMutation = graphql(`
  mutation UpdateUserContactStatus($userContactId: ID!, $status: String!) {
    postUpdateUserContactStatus(userContactId: $userContactId, status: $status) {
      message
    }
  }
`);

/** One page of inquiries, with the status tabs' counts. */
export const userContacts = listQuery(UserContactsQuery, (data) => data.userContacts);

/** One inquiry; polled while one of its replies is still waiting to be delivered. */
export function useUserContact(id: string | null) {
  return useQuery({
    ...documentQuery(UserContactQuery, (d) => d.userContact, { userContactId: id! }),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.messages.some(
        (m) => m.delivery?.status === 'queued' || m.delivery?.status === 'sending',
      )
        ? 3000
        : false,
  });
}

export function useSupportChoices() {
  return useQuery({
    queryKey: queryKeyFor(SupportChoicesQuery),
    queryFn: () => execute(SupportChoicesQuery),
    staleTime: 60_000,
  });
}

export function useAssignContact() {
  return useDocumentWrite(AssignMutation, (d) => d.postAssignAdminUserToUserContact);
}

export function useUpdateContactStatus() {
  return useDocumentWrite(StatusMutation, (d) => d.postUpdateUserContactStatus);
}
