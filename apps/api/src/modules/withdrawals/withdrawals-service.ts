import type { Kysely } from 'kysely';
import { DEFAULT_BUSINESS_TIME_ZONE } from '@app/shared';
import type { DB } from '../../db/schema';
import {
  WITHDRAWAL_KINDS,
  WITHDRAWAL_STATUSES,
  type WithdrawalKind,
  type WithdrawalStatus,
} from '../../db/tables/domain-tables';
import { notFound, positiveId, notOneOf, notAnId } from '../../shared/list-input';
import type { PageRequest } from '../../shared/page';
import type { AuditService } from '../audit/audit-service';
import type { UsersService } from '../users/users-service';
import {
  matchingFingerprint,
  MAX_MATCHING_PER_ACTION,
  tooManyMatching,
} from './withdrawal-actions';
import { createWithdrawalExports } from './withdrawal-exports';
import { createWithdrawalThresholds } from './withdrawal-thresholds';
import type { ImportsService } from '../../platform/imports';
import * as actionsRepo from './withdrawal-actions-repository';
import * as repo from './withdrawals-repository';
import { requestedEvent, timelineEventOf, type TimelineEvent } from './withdrawal-timeline';
import type { UserWithdrawalsInput, WithdrawalSearchInput } from './withdrawals-list';

export type { UserWithdrawalsInput, WithdrawalSearchInput };

const trimmed = (v: string | null | undefined): string | undefined => {
  const t = v?.trim();
  return t ? t : undefined;
};

/** The repository filter of a list call; text filters trimmed, blanks dropped. */
export function toFilter(kind: WithdrawalKind, p: WithdrawalSearchInput): repo.WithdrawalsFilter {
  const filter: repo.WithdrawalsFilter = {
    kind: oneOf<WithdrawalKind>('kind', kind, WITHDRAWAL_KINDS) ?? kind,
    status: oneOf<WithdrawalStatus>('status', p.status, WITHDRAWAL_STATUSES),
    userId: p.userId ?? undefined,
    userName: trimmed(p.userName),
    email: trimmed(p.email),
    requestedAtFrom: p.requestedAtFrom ?? undefined,
    requestedAtUntil: p.requestedAtUntil ?? undefined,
    address: trimmed(p.address),
    transactionHash: trimmed(p.transactionHash),
    amountFrom: p.amountFrom ?? undefined,
    amountTo: p.amountTo ?? undefined,
    awaitingOver24h: p.awaitingOver24h ?? undefined,
  };
  if (filter.userId !== undefined) positiveId('userId', filter.userId);
  return filter;
}

// GraphQL enums already refuse unknown values; the check keeps the rule with the service
// for callers that do not come through the schema.
function oneOf<T extends string>(
  field: string,
  value: string | null | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === null || value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw notOneOf(field, allowed);
  return value as T;
}

/** Withdrawal requests: the lists, and the actions of the one state machine. */
export function createWithdrawalsService(
  db: Kysely<DB>,
  users: Pick<UsersService, 'exists'>,
  audit: Pick<AuditService, 'withAudit' | 'withAuditEach' | 'list' | 'record'>,
  imports: ImportsService,
  options: { businessTimeZone?: string } = {},
) {
  const exports = createWithdrawalExports(db, {
    businessTimeZone: options.businessTimeZone ?? DEFAULT_BUSINESS_TIME_ZONE,
  });

  /** Adds to list rows what an approver sees: the context and who approved. */
  async function withApproverFacts(rows: repo.WithdrawalListRow[]) {
    const ids = rows.map((r) => r.id);
    const [contexts, approvals] = await Promise.all([
      repo.approverContext(db, ids),
      actionsRepo.approvalsOf(db, ids),
    ]);
    const contextOf = new Map(contexts.map((c) => [c.id, c]));
    return rows.map((row) => ({
      ...row,
      context: contextOf.get(row.id) ?? null,
      approvals: approvals.filter((a) => a.requestId === row.id),
    }));
  }

  return {
    ...createWithdrawalThresholds(db),
    /** The set "all N matching" would act on now: its size and fingerprint (changes nothing). */
    matchingPreview: async (kind: WithdrawalKind, params: WithdrawalSearchInput) => {
      const filter = toFilter(kind, params);
      const rows = await repo.matchingSet(db, filter, MAX_MATCHING_PER_ACTION + 1);
      if (rows.length > MAX_MATCHING_PER_ACTION) throw tooManyMatching();
      return matchingFingerprint(filter, rows);
    },
    ...exports,
    /** What a signing export of the list's searchParams would take now (count, totals). */
    exportPreview: (kind: WithdrawalKind, params: WithdrawalSearchInput) =>
      exports.exportPreview(toFilter(kind, params)),

    /**
     * One page of one kind's requests with the searchParams, the status tabs' counts and, per
     * row, what an approver needs to see (recent withdrawals, address age, approvals).
     */
    list: async (
      kind: WithdrawalKind,
      params: WithdrawalSearchInput,
      page: PageRequest<repo.WithdrawalsSortTarget>,
    ) => {
      const filter = toFilter(kind, params);
      const total = (counts: Array<{ status: WithdrawalStatus; count: number }>) =>
        repo.statusTotal(filter, counts);
      // A filter the sort's index does not hold is counted first: a few matches are read and
      // sorted rather than found by walking the sort's index (FENCE_MAX_MATCHES in db/fence.ts).
      const [pageRows, statusCounts] = repo.narrowsBeyondSort(filter, page.sort?.target)
        ? await repo
            .countWithdrawalsByStatus(db, filter)
            .then(
              async (counts) =>
                [await repo.listWithdrawalsRows(db, filter, page, total(counts)), counts] as const,
            )
        : await Promise.all([
            repo.listWithdrawalsRows(db, filter, page),
            repo.countWithdrawalsByStatus(db, filter),
          ]);
      const totalRecords = total(statusCounts);
      return { rows: await withApproverFacts(pageRows), totalRecords, statusCounts };
    },

    /**
     * The requests as they are now, as list rows (approvals and approver context included),
     * in id order: what an action answers, so a screen updates its detail and rows from it.
     */
    requestsByIds: async (ids: readonly string[]) =>
      withApproverFacts(await repo.withdrawalRowsByIds(db, ids)),

    /**
     * A request's timeline: its request, then every audited change (who, when, from and to),
     * read from the audit trail.
     */
    timeline: async (id: string): Promise<TimelineEvent[]> => {
      if (!/^[1-9][0-9]{0,18}$/.test(id)) throw notAnId('id', 'is not an id.');
      const request = await repo.findRequestedAt(db, id);
      if (!request) throw notFound('withdrawalRequest', id);
      const trail = await audit.list(
        { targetType: 'withdrawal_request', targetId: id },
        { limit: 200, offset: 0, sort: { target: 'id', orderBy: 'asc' } },
      );
      const steps = trail.rows.flatMap((row) => timelineEventOf(row) ?? []);
      return [requestedEvent(request.requestedAt), ...steps];
    },
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
      if (!exists) throw notFound('user', userId);
      return result;
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
