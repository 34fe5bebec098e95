import { useParams } from 'react-router';

/** The user id from the route, or null when it is not a positive integer. */
export function useUserIdParam(): number | null {
  const { id } = useParams();
  const userId = Number(id);
  return Number.isInteger(userId) && userId > 0 ? userId : null;
}
