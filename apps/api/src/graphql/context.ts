import type { RoleName } from '@app/shared';
import type { Services } from '../services';

/** The admin a request's access token belongs to, loaded fresh on every request. */
export type AuthenticatedAdmin = {
  id: number;
  userName: string;
  email: string;
  roles: RoleName[];
  mustChangePassword: boolean;
  tokenHash: string;
};

export type GraphQLContext = {
  requestId: string;
  ip: string;
  admin: AuthenticatedAdmin | null;
  services: Services;
};
