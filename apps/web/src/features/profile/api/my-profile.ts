import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const MyProfileQuery = graphql(`
  query MyProfile {
    adminUser {
      id
      userName
      email
      mustChangePassword
      totpEnabled
      totpRequired
    }
  }
`);

const myProfileQueryKey = queryKeyFor(MyProfileQuery);

/** The signed-in admin's own account, with the flags the profile page needs. */
export function useMyProfile(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: myProfileQueryKey,
    queryFn: async () => (await execute(MyProfileQuery)).adminUser,
    enabled: options.enabled ?? true,
  });
}
