import type { RoleName } from '@app/shared';

/**
 * The admin a request's access token belongs to, loaded fresh on every request. The auth
 * module makes it and the GraphQL context carries it; it lives below both so that neither
 * imports the other for it.
 */
export type AuthenticatedAdmin = {
  id: number;
  userName: string;
  email: string;
  roles: RoleName[];
  mustChangePassword: boolean;
  /** A super_admin who must turn two-factor on before anything but their own account. */
  totpRequired: boolean;
  tokenHash: string;
};
