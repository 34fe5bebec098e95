import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { documentQuery } from './document-query';
import { useSettledText } from './use-settled-text';

// One document for every user picker (add payment, reward snapshot, referral): the id and
// name of users whose name starts with what was typed.
const UserNamesQuery = graphql(`
  query UserNames($userName: String, $pagination: PaginationInput) {
    userNames(userName: $userName, pagination: $pagination) {
      list {
        id
        userName
      }
    }
  }
`);

/** Up to 20 users (id and name) whose name starts with `prefix`, for a user picker. */
function useUserNames(prefix: string) {
  const variables = { userName: prefix, pagination: { limit: 20, offset: 0 } };
  return useQuery({
    ...documentQuery(UserNamesQuery, (d) => d.userNames.list, variables),
    enabled: prefix.trim() !== '',
    placeholderData: keepPreviousData,
    // A picker's suggestions are fine for a minute; do not refetch on each keystroke back.
    staleTime: 60_000,
  });
}

/**
 * A user picker's search: what is typed (from `initial`), the suggestions for it once typing
 * pauses (none while `enabled` is false), and the props that bind them to an Autocomplete
 * (which then shows the suggestions as they come: `filterOptions={(x) => x}`).
 */
export function useUserNameSearch(initial: string, enabled = true) {
  const [input, setInput] = useState(initial);
  const prefix = useSettledText(input);
  const names = useUserNames(enabled ? prefix : '');
  return {
    names: names.data ?? [],
    autocomplete: {
      inputValue: input,
      onInputChange: (_: unknown, next: string) => setInput(next),
      loading: names.isFetching,
    },
  };
}
