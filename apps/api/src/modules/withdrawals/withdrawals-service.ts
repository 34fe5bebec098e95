import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import {
  WITHDRAWAL_KINDS,
  WITHDRAWAL_STATUSES,
  type WithdrawalKind,
  type WithdrawalStatus,
} from '../../db/tables/domain-tables';
import { badInput, notFound, positiveId } from '../../shared/list-input';
import type { PageRequest } from '../../shared/page';
import type { AuditService } from '../audit/audit-service';
import type { UsersService } from '../users/users-service';
import { createWithdrawalActions } from './withdrawal-actions';
import * as repo from './withdrawals-repository';

export const USER_WITHDRAWALS_SORT_TARGETS: readonly repo.WithdrawalsSortTarget[] = [
  'requestedAt',
  'id',
];

export type UserWithdrawalsInput = {
  kind?: string | null | undefined;
  status?: string | null | undefined;
};

// GraphQL enums already refuse unknown values; the check keeps the rule with the service
// for callers that do not come through the schema.
function oneOf<T extends string>(
  field: string,
  value: string | null | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === null || value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw badInput(field, `must be one of ${allowed.join(', ')}.`);
  return value as T;
}

/** Withdrawal requests: the lists, and the actions of the one state machine. */
export function createWithdrawalsService(
  db: Kysely<DB>,
  users: Pick<UsersService, 'exists'>,
  audit: Pick<AuditService, 'withAuditEach'>,
) {
  return {
    ...createWithdrawalActions(db, audit),
    /** One user's withdrawal requests of every kind (or one kind/status), with the exact total. */
    userHistory: async (
      userId: number,
      input: UserWithdrawalsInput,
      page: PageRequest<repo.WithdrawalsSortTarget>,
    ) => {
      positiveId('userId', userId);
      const filter: repo.UserWithdrawalsFilter = {
        userId,
        kind: oneOf<WithdrawalKind>('kind', input.kind, WITHDRAWAL_KINDS),
        status: oneOf<WithdrawalStatus>('status', input.status, WITHDRAWAL_STATUSES),
      };
      const [exists, result] = await Promise.all([
        users.exists(userId),
        repo.listUserWithdrawalsPage(db, filter, page),
      ]);
      if (!exists) throw notFound('User', userId);
      return result;
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
