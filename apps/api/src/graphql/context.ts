import type { Locale, RoleName } from '@app/shared';
import type { Actor } from '../modules/audit/audit-service';
import type { Services } from '../services';

/** The admin a request's access token belongs to, loaded fresh on every request. */
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

export type GraphQLContext = {
  requestId: string;
  ip: string;
  /** Language of user-facing messages (validation), from Accept-Language; English by default. */
  locale: Locale;
  admin: AuthenticatedAdmin | null;
  /** Who is acting, for the audit trail. */
  actor: Actor;
  services: Services;
};
