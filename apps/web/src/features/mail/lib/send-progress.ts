import type { MailStatus } from '@app/shared';

export type SendProgress = {
  /** Sent or failed: finished recipients. */
  done: number;
  percent: number;
  /** Outbox rows waiting or being sent. */
  waiting: number;
  /** Recipients whose outbox rows the job has not written yet (a large send being expanded). */
  preparing: number;
};

/**
 * A send's progress from its recipient count and its outbox rows by status. A large send's rows
 * are written by its job in chunks after the request (docs/decisions/mail.md), so for a while
 * fewer rows exist than recipients: those are "preparing", not missing.
 */
export function sendProgress(
  recipientCount: number,
  counts: Record<MailStatus, number>,
): SendProgress {
  const done = counts.sent + counts.failed;
  const waiting = counts.queued + counts.sending;
  return {
    done,
    percent: recipientCount ? Math.min(100, Math.round((done / recipientCount) * 100)) : 100,
    waiting,
    preparing: Math.max(0, recipientCount - done - waiting),
  };
}
