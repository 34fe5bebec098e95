import { Outlet } from 'react-router';
import type { RoleName } from '@app/shared';
import { hasRole } from '@/lib/roles';
import { useCurrentAdmin } from '@/lib/session/use-current-admin';
import { LazyErrorPage } from './lazy-error-page';

/** Shows the 403 page to an admin without `role` (spec section 6: /admin_user is super admin only). */
export function RequireRole({ role }: { role: RoleName }) {
  const admin = useCurrentAdmin();
  // The loading bar shows while the admin loads.
  if (admin.isPending) return null;
  // An auth error opens the blocking dialog; show nothing behind it.
  if (admin.isError) return null;
  if (!hasRole(admin.data, role)) return <LazyErrorPage status={403} />;
  return <Outlet />;
}
