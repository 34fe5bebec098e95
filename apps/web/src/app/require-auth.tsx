import { Navigate, Outlet, useLocation } from 'react-router';
import { getAccessToken } from '@/lib/auth-token';

/** Sends a signed-out visitor of a protected route to /login (spec section 4). */
export function RequireAuth() {
  const location = useLocation();
  if (!getAccessToken()) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
