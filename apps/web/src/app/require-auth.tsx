import { Navigate, Outlet, useLocation } from 'react-router';
import { useMyProfile } from '@/features/profile/api/my-profile';
import { getAccessToken } from '@/lib/auth-token';

/**
 * Sends a signed-out visitor of a protected route to /login (spec section 4), and an admin
 * who still has to replace a one-time password, or turn two-factor on, to /profile (the
 * server refuses everything else until then).
 */
export function RequireAuth() {
  const location = useLocation();
  const token = getAccessToken();
  const profile = useMyProfile({ enabled: Boolean(token) });
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  const restricted = profile.data?.mustChangePassword || profile.data?.totpRequired;
  if (restricted && location.pathname !== '/profile') {
    return <Navigate to="/profile" replace />;
  }
  return <Outlet />;
}
