import type { RoleName } from '@app/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { countAdmins, insertAdmin } from '../modules/admin-users/admin-users-repository';
import { hashPassword } from '../modules/auth/password';

export const DEMO_PASSWORD = 'DemoPass123';

export const DEMO_ADMINS: ReadonlyArray<{ email: string; userName: string; role: RoleName }> = [
  { email: 'super@example.com', userName: 'super01', role: 'super_admin' },
  { email: 'writer@example.com', userName: 'writer01', role: 'write' },
  { email: 'reader@example.com', userName: 'reader01', role: 'read' },
];

/** Creates the three demo admins, only when no admin exists yet. Returns whether it did. */
export async function seedDemoAdmins(db: Kysely<DB>): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction().execute(async (trx) => {
    if ((await countAdmins(trx)) > 0) return false;
    for (const admin of DEMO_ADMINS) {
      await insertAdmin(trx, {
        userName: admin.userName,
        email: admin.email,
        passwordHash,
        mustChangePassword: false,
        roles: [admin.role],
        createdBy: null,
      });
    }
    return true;
  });
}
