import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { signOut } from '@/features/auth/api/sign-out';
import { clearAccessToken, getAccessToken } from '@/lib/auth-token';
import { setAuthExpired } from '@/lib/feedback';

/**
 * Signs out: revokes the token on the server (whatever the answer), forgets it locally,
 * closes the auth dialog and goes to /login (spec section 4). `from`: the URL to return to
 * once signed in again (an ended session; a chosen sign-out starts again on the dashboard).
 */
export function useLogout(): (from?: string) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (from?: string) => {
      const done = () => {
        clearAccessToken();
        setAuthExpired(false);
        // Clear cached data only once the signed-in pages have gone, so none refetches.
        void Promise.resolve(navigate('/login', { replace: true, state: { from } })).then(() =>
          queryClient.clear(),
        );
      };
      if (!getAccessToken()) {
        done();
        return;
      }
      // Whatever the answer: the outcome is shown by the sign-in page, not a toast.
      signOut().then(done, done);
    },
    [navigate, queryClient],
  );
}
