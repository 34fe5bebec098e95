import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useMyProfile } from '@/features/profile/api/my-profile';
import { getAccessToken, onTokenRemovedElsewhere, tokenEndedElsewhere } from '@/lib/auth-token';
import { setAuthExpired } from '@/lib/feedback';

/**
 * Sends a signed-out visitor of a protected route to /login (spec section 4), and an admin
 * who still has to replace a one-time password, or turn two-factor on, to /profile (the
 * server refuses everything else until then). A session ended in another tab (the shared
 * token removed) opens the sign-in dialog here at once, over the page the admin was on.
 */
export function RequireAuth() {
  const location = useLocation();
  const token = getAccessToken();
  const profile = useMyProfile({ enabled: Boolean(token) });
  const endedElsewhere = !token && profile.data !== undefined && tokenEndedElsewhere();
  useEffect(() => onTokenRemovedElsewhere(() => setAuthExpired(true)), []);
  useEffect(() => {
    if (endedElsewhere) setAuthExpired(true);
  }, [endedElsewhere]);
  if (endedElsewhere) return <Outlet />;
  if (!token)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  const restricted = profile.data?.mustChangePassword || profile.data?.totpRequired;
  if (restricted && location.pathname !== '/profile') {
    return <Navigate to="/profile" replace />;
  }
  return <Outlet />;
}
