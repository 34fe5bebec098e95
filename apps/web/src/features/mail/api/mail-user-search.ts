import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

// Recipients are found by name or by email (prefix, case-insensitive), the users list's own
// filters; the two answers are merged.
const MailUserSearchQuery = graphql(`
  query MailUserSearch($text: String!) {
    byName: users(
      userName: $text
      pagination: { limit: 10, sort: { target: "userName", orderBy: ASC } }
    ) {
      list {
        id
        userName
        aubeUserInfo {
          email
        }
      }
    }
    byEmail: users(
      email: $text
      pagination: { limit: 10, sort: { target: "email", orderBy: ASC } }
    ) {
      list {
        id
        userName
        aubeUserInfo {
          email
        }
      }
    }
  }
`);

/** A user chosen as a recipient, as the picker and the preview show them. */
export type MailUser = { id: number; userName: string; email: string };

/** Users whose name or email starts with `text` (name matches first), for the recipient picker. */
export function useMailUserSearch(text: string) {
  return useQuery({
    queryKey: queryKeyFor(MailUserSearchQuery, { text }),
    queryFn: async (): Promise<MailUser[]> => {
      const found = await execute(MailUserSearchQuery, { text });
      const users = new Map<number, MailUser>();
      for (const u of [...found.byName.list, ...found.byEmail.list]) {
        if (!users.has(u.id))
          users.set(u.id, { id: u.id, userName: u.userName, email: u.aubeUserInfo.email });
      }
      return [...users.values()];
    },
    enabled: text.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
