import type { Kysely } from 'kysely';
import type { DB } from './db/schema';
import { createAdminUsersService } from './modules/admin-users/admin-users-service';
import { createAuthService } from './modules/auth/auth-service';

/** Every service, built once per app and shared by all requests. */
export function createServices(db: Kysely<DB>) {
  return {
    auth: createAuthService(db),
    adminUsers: createAdminUsersService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
