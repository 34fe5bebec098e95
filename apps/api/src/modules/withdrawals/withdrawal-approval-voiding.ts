import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../shared/actor';
import type { AuditService } from '../audit/audit-service';
import * as repo from './withdrawal-actions-repository';

/**
 * An approval counts only while its approver could give it (docs/domain.md, "Who may second
 * whom"). When an admin loses every approving role or is deleted, this runs in that change's
 * transaction (the admin's row is locked, so no approval of theirs is being given meanwhile):
 * their approvals of requests not yet exported are deleted, each request gets a new revision
 * (a set confirmed before no longer matches) and a timeline row saying why. A request left
 * short of approvals needs them again: a requested one waits for them; an approved one stays
 * approved but the signing export preview lists it and the export refuses it
 * (APPROVALS_MISSING) until it is approved again or rejected. Exported requests keep theirs:
 * the file was handed out under them.
 */
export async function voidApprovalsOf(
  trx: Transaction<DB>,
  audit: Pick<AuditService, 'appendCaused'>,
  actor: Actor,
  approver: { id: number; userName: string },
  cause: 'demoted' | 'deleted',
): Promise<string[]> {
  const ids = await repo.lockOpenRequestsApprovedBy(trx, approver.id);
  if (ids.length === 0) return [];
  const before = new Map((await repo.readLockedRequests(trx, ids)).map((r) => [r.id, r]));
  await repo.deleteApprovalsOf(trx, approver.id, ids);
  // A touch bumps each revision; the trigger recounts a requested request's approvals.
  for (const id of ids) await repo.touchApproved(trx, id);
  const after = await repo.readLockedRequests(trx, ids);
  await audit.appendCaused(
    trx,
    actor,
    cause === 'demoted'
      ? 'withdrawalApprovalVoidedByDemotion'
      : 'withdrawalApprovalVoidedByDeletion',
    after.map((row) => {
      const was = before.get(row.id)!;
      return {
        targetIds: [row.id],
        before: { status: was.status, revision: was.revision, approvals: was.approvalCount },
        after: {
          status: row.status,
          revision: row.revision,
          approvals: row.approvalCount,
          requiredApprovals: row.requiredApprovals,
          voidedApprover: { id: approver.id, userName: approver.userName },
        },
      };
    }),
  );
  return ids;
}
