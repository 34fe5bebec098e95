import { checkRoles, type FieldError, type Locale, type RoleName } from '@app/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { databaseErrorOf } from '../../platform/db-errors';
import type { AppError } from '../../shared/app-error';
import type { Actor } from '../../shared/actor';
import { notFound as notFoundRecord } from '../../shared/list-input';
import { assertValid, validationError } from '../../shared/validation-error';
import type { AuditService } from '../audit/audit-service';
import { voidApprovalsOf } from '../withdrawals/withdrawal-approval-voiding';
import { withdrawGrantsProposedBy } from './admin-role-grants-repository';
import * as repo from './admin-users-repository';
import { isApprovingRole } from './approval-rule';

// The rules several admin account writes share (commands/): one account's identity, its roles
// as asked for, and what an admin losing roles or the account takes with it.

/**
 * What every write on admin accounts acts on and changes: named records, and the admin lists,
 * the pending grants and the super admin count (a role or an account gone changes all three).
 */
export const ADMIN_ACCOUNT_WRITE = {
  scope: 'records',
  refreshes: ['adminUsers', 'adminRoleGrants', 'superAdminCount'],
} as const;

/** The input field of the writes on another admin's account: whose. */
export const USER_ID = { userId: { type: 'Int', required: true } } as const;
/** The roles asked for (given or taken away). */
export const ROLES = { roles: { type: 'String', list: true, required: true } } as const;
/** A pending grant of an approving role, confirmed or withdrawn by id (admin-role-grants.ts). */
export const GRANT_ID = { id: { type: 'ID', required: true } } as const;

export function adminNotFound(adminId: number): AppError {
  return notFoundRecord('adminUser', adminId, { field: 'userId' });
}

/** The roles asked for, checked (known names, at least one) and without repeats. */
export function roleNames(roles: readonly string[], locale: Locale): RoleName[] {
  const roleError = checkRoles(roles);
  if (roleError) throw validationError([roleError], locale);
  return [...new Set(roles)] as RoleName[];
}

/** Fails with field errors when another admin has this email or user name. */
export async function assertIdentityFree(
  trx: Transaction<DB>,
  identity: { email?: string; userName?: string },
  locale: Locale,
  exceptId?: number,
): Promise<void> {
  const taken = await repo.findTakenIdentity(trx, identity, exceptId);
  const errors: FieldError[] = [];
  if (taken.userName) errors.push({ field: 'userName', rule: 'unique' });
  if (taken.email) errors.push({ field: 'email', rule: 'unique' });
  assertValid(errors, locale);
}

/** Runs work that may hit the unique indexes; a race lost to another request reads as "in use". */
export async function mapUniqueViolation<T>(work: () => Promise<T>, locale: Locale): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // The platform mapping would answer a plain CONFLICT; the form wants the field.
    const info = databaseErrorOf(error);
    if (info?.kind === 'unique_violation') {
      const field = info.constraint === 'admin_users_user_name_key' ? 'userName' : 'email';
      throw validationError([{ field, rule: 'unique' }], locale);
    }
    throw error;
  }
}

/**
 * What an admin losing roles or their account takes with it, in that change's transaction:
 * left with no approving role (or deleted), their approvals of requests not yet exported are
 * voided; without super_admin, the role grants they proposed are withdrawn (a proposal counts
 * only while its proposer could make it).
 */
export async function dropApprovalsOf(
  trx: Transaction<DB>,
  audit: Pick<AuditService, 'appendCaused'>,
  actor: Actor,
  admin: { id: number; userName: string; roles: RoleName[] },
  remaining: readonly RoleName[] | null,
): Promise<{ voidedApprovals: string[]; withdrawnGrants: string[] }> {
  const voidedApprovals =
    remaining === null || !remaining.some(isApprovingRole)
      ? await voidApprovalsOf(trx, audit, actor, admin, remaining === null ? 'deleted' : 'demoted')
      : [];
  const withdrawnGrants =
    remaining === null || !remaining.includes('super_admin')
      ? await withdrawGrantsProposedBy(trx, admin.id)
      : [];
  return { voidedApprovals, withdrawnGrants };
}
