import net from 'node:net';
import { hasLineBreak } from '@app/shared';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { DB } from '../../db/schema';
import * as repo from './mail-repository';

type MailWorkerOptions = {
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

/** Accepted messages recorded per UPDATE, and the longest a mark waits for its batch. */
const MARK_BATCH = 25;
const MARK_DELAY_MS = 100;

type DrainResult = { sent: number; retried: number; failed: number; queued: number };

function pooledUrl(smtpUrl: string, connections: number): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections')) {
    url.searchParams.set('maxConnections', String(connections));
  }
  return url.toString();
}

/**
 * nodemailer's `getSocket` hook (meant for proxies): the TCP connection it would open itself, but
 * with Nagle's algorithm off. SMTP without pipelining is a chat of small writes; with Nagle on,
 * the last small write of a message waits for the server's delayed ACK (about 40 ms on Linux),
 * which capped a pooled connection at about 20 messages per second (bench/results). TLS
 * (smtps:// or STARTTLS) is still negotiated by nodemailer over this socket.
 */
export function connectNoDelay(
  options: { host?: string; port?: number; connectionTimeout?: number },
  callback: (error: Error | null, socketOptions?: { connection: net.Socket }) => void,
): void {
  const socket = net.connect({ host: options.host ?? 'localhost', port: options.port ?? 25 });
  socket.setNoDelay(true);
  const timeoutMs = options.connectionTimeout ?? 120_000;
  const timer = setTimeout(() => {
    socket.destroy();
    callback(new Error(`SMTP connection timed out after ${timeoutMs} ms`));
  }, timeoutMs);
  socket.once('error', (error) => {
    clearTimeout(timer);
    callback(error);
  });
  socket.once('connect', () => {
    clearTimeout(timer);
    socket.removeAllListeners('error');
    callback(null, { connection: socket });
  });
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
  if (transport) {
    (transport.transporter as { getSocket?: typeof connectNoDelay }).getSocket = connectNoDelay;
  }
  let nextSlot = 0;

  // Accepted messages are recorded in batches (one UPDATE for up to MARK_BATCH of them, at most
  // MARK_DELAY_MS after the first), not one UPDATE each, which halved the drain rate. The price:
  // a worker killed outright loses the marks of at most that batch, and those messages are sent
  // again (docs/decisions/mail.md, "Exactly once").
  let marks: Array<{ id: string; response: string }> = [];
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let flushing: Promise<void> = Promise.resolve();
  let flushError: unknown;
  const onFlushError = (error: unknown) => {
    flushError ??= error;
  };
  /** Writes the buffered marks; flushes run one after another, in order. */
  function flushMarks(): Promise<void> {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = undefined;
    const taken = marks;
    marks = [];
    // The chain never rejects (a failed write is kept and thrown by drain), so later flushes run.
    flushing = flushing.then(() => repo.markSentMany(db, taken)).catch(onFlushError);
    return flushing;
  }

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
      marks.push({ id: message.id, response: String(info.response ?? 'accepted') });
      result.sent += 1;
      if (marks.length >= MARK_BATCH) await flushMarks();
      else flushTimer ??= setTimeout(() => void flushMarks(), MARK_DELAY_MS);
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
        try {
          await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, lane));
        } finally {
          // Every accepted message of the batch is recorded before the next claim or a stop.
          await flushMarks();
        }
        if (flushError) {
          const error = flushError;
          flushError = undefined;
          throw error instanceof Error ? error : new Error(String(error));
        }
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
