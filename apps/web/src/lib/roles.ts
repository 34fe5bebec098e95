import type { RoleName } from '@app/shared';

type WithRoles = { roles: ReadonlyArray<{ name: string }> } | null | undefined;

/** True when the admin holds `role`; super_admin implies every role (spec section 6). */
export function hasRole(admin: WithRoles, role: RoleName): boolean {
  if (!admin) return false;
  const names = admin.roles.map((r) => r.name);
  if (names.includes('super_admin')) return true;
  if (role === 'write') return names.includes('write');
  if (role === 'read') return names.length > 0;
  return names.includes(role);
}
