import { hasLineBreak } from '@app/shared';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { DB } from '../../db/schema';
import * as repo from './mail-repository';

export type MailWorkerOptions = {
  /** smtp:// or smtps:// URL; without it nothing is sent and messages stay queued. */
  smtpUrl: string | undefined;
  from: string;
  /** Messages per second this worker sends at most. */
  ratePerSecond: number;
  /** Attempts before a message is failed for good. */
  maxAttempts: number;
  /** First retry delay in seconds; doubles per attempt, at most an hour. */
  backoffSeconds?: number;
  /** How long a claim lasts before another worker may take the message (a dead worker's). */
  leaseSeconds?: number;
  batchSize?: number;
  /** Messages in flight at once, each on its own pooled SMTP connection (default 5). */
  concurrency?: number;
  log?: (message: string) => void;
};

export type DrainResult = { sent: number; retried: number; failed: number; queued: number };

function pooledUrl(smtpUrl: string, connections: number): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections')) {
    url.searchParams.set('maxConnections', String(connections));
  }
  return url.toString();
}

/** The SMTP server's answer (or the error) in one line, for the recipient's status. */
function answerOf(error: unknown): string {
  const e = error as { response?: string; responseCode?: number; message?: string };
  return (e.response ?? e.message ?? String(error)).replace(/\s+/g, ' ').slice(0, 500);
}

/**
 * The delivery worker: claims due outbox rows (SKIP LOCKED, so replicas never take the same
 * row), sends each over SMTP at the configured rate, and records sent, a retry with backoff,
 * or failed with the SMTP answer. A worker killed mid-batch leaves its claimed rows to expire
 * and be claimed again; only a message whose SMTP answer arrived but was not yet recorded can
 * be sent twice (docs/decisions/mail.md).
 */
export function createMailWorker(db: Kysely<DB>, options: MailWorkerOptions) {
  const log = options.log ?? ((message: string) => console.log(message));
  const leaseSeconds = options.leaseSeconds ?? 120;
  const batchSize = options.batchSize ?? 50;
  const backoff = options.backoffSeconds ?? 30;
  const interval = 1000 / options.ratePerSecond;
  const concurrency = Math.max(1, options.concurrency ?? 5);
  // A pooled transport keeps its SMTP connections open between messages (a connection per
  // message would cap the drain rate far below the configured one).
  const transport = options.smtpUrl
    ? nodemailer.createTransport(pooledUrl(options.smtpUrl, concurrency))
    : undefined;
  let nextSlot = 0;

  /** Waits for this message's slot under the rate limit (slots are reserved in turn). */
  async function pace(): Promise<void> {
    const now = Date.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + interval;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  }

  async function deliver(message: repo.ClaimedMessage, result: DrainResult): Promise<void> {
    if (hasLineBreak(message.toAddress) || hasLineBreak(message.subject)) {
      await repo.markFailed(db, message.id, 'refused: a line break in the address or subject');
      result.failed += 1;
      return;
    }
    await pace();
    try {
      const info = await transport!.sendMail({
        from: options.from,
        to: message.toAddress,
        subject: message.subject,
        text: message.body,
        headers: { 'Content-Language': message.language, 'X-Outbox-Id': message.id },
      });
      await repo.markSent(db, message.id, String(info.response ?? 'accepted'));
      result.sent += 1;
    } catch (error) {
      const answer = answerOf(error);
      if (message.attempts >= options.maxAttempts) {
        await repo.markFailed(db, message.id, answer);
        result.failed += 1;
      } else {
        const delay = Math.min(3600, backoff * 2 ** (message.attempts - 1));
        await repo.markRetry(db, message.id, answer, delay);
        result.retried += 1;
      }
    }
  }

  return {
    smtpConfigured: transport !== undefined,

    /**
     * Sends every message due now, batch by batch, until none is due or `signal` aborts (the
     * abort stops between messages, as a killed worker would, leaving its claims behind).
     */
    async drain(signal?: AbortSignal): Promise<DrainResult> {
      const result: DrainResult = { sent: 0, retried: 0, failed: 0, queued: 0 };
      if (!transport) {
        result.queued = await repo.countQueued(db);
        if (result.queued > 0) {
          log(
            `mail: SMTP_URL is not set, so nothing is sent: ${result.queued} message(s) stay queued in the outbox (see the send-mail screen). Set SMTP_URL to deliver them.`,
          );
        }
        return result;
      }
      for (;;) {
        if (signal?.aborted) return result;
        const batch = await repo.claimDue(db, batchSize, leaseSeconds);
        if (batch.length === 0) break;
        let next = 0;
        const lane = async () => {
          for (;;) {
            if (signal?.aborted) return;
            const message = batch[next++];
            if (!message) return;
            await deliver(message, result);
          }
        };
        await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, lane));
        if (signal?.aborted) return result;
      }
      return result;
    },

    /** Seconds until a retry or an expired claim is due, or null when nothing waits. */
    nextDueInSeconds: () => repo.secondsUntilNextDue(db),

    close(): void {
      transport?.close();
    },
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
