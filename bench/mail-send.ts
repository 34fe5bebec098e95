/**
 * Mail send benchmark (issue 15), on a fresh database (in-memory PGlite, or a new database beside
 * DATABASE_URL, dropped at the end):
 * - the send request (the mail service's `send`: audit row, the send with its frozen audience and
 *   count, the pg-boss expansion job, one transaction) at N recipients, with the longest
 *   event-loop stall during it (the request must not block the server);
 * - the job's expansion of the outbox rows in chunks (one transaction each): total and longest
 *   chunk, against the former way (every row in the request: one INSERT … SELECT, rolled back)
 *   and a baseline: the same SELECT into a bare temporary table;
 * - the delivery worker draining to a local SMTP sink for a fixed window (not to the end), against
 *   a baseline: nodemailer's pooled transport sending the same messages with no database;
 * - the process's RSS at the start and end of the drain window, and its peak.
 *   node --import tsx bench/mail-send.ts [--users 500000] [--window 90]
 *   (also: npm run bench -- --only mail --mail-users N)
 */
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { createTestDatabase } from '../apps/api/test/test-database';
import { createAuditService } from '../apps/api/src/modules/audit/audit-service';
import { systemActor } from '../apps/api/src/shared/actor';
import {
  EXPANSION_CHUNK_IDS,
  createMailExpander,
} from '../apps/api/src/modules/mail/mail-expansion';
import { MAIL_EXPAND_QUEUE, MAIL_QUEUE } from '../apps/api/src/modules/mail/mail-jobs';
import * as repo from '../apps/api/src/modules/mail/mail-repository';
import { CREATE_NOTIFICATION } from '../apps/api/src/modules/mail/commands/create-notification';
import { SEND_MAIL } from '../apps/api/src/modules/mail/commands/send-mail';
import { createMailService } from '../apps/api/src/modules/mail/mail-service';
import { runCommand } from '../apps/api/src/platform/commands';
import type { Services } from '../apps/api/src/server/services';
import { connectNoDelay, createMailWorker } from '../apps/api/src/modules/mail/mail-worker';
import { createJobs } from '../apps/api/src/platform/jobs';

export type MailBenchOptions = {
  users: number;
  /** Seconds the worker drains for (it is stopped then, whatever is left). */
  windowSeconds?: number;
  /** Seconds of the raw SMTP baseline. */
  baselineSeconds?: number;
  /** The worker's rate limit (MAIL_RATE_PER_SECOND); high by default to measure its capacity. */
  ratePerSecond?: number;
};

export type MailBenchResult = {
  engine: string;
  recipients: number;
  requestMs: number;
  requestMaxEventLoopStallMs: number;
  /** The job's expansion: every chunk, one after another, and the longest one. */
  expansionMs: number;
  expansionChunks: number;
  expansionChunkIds: number;
  expansionLongestChunkMs: number;
  expansionMaxEventLoopStallMs: number;
  /** The former way: every outbox row in the request, one statement (rolled back). */
  enqueueStatementMs: number;
  enqueueBaselineMs: number;
  enqueueRatio: number;
  /** Expansion against the one-statement enqueue, and against the bare-table baseline. */
  expansionToStatementRatio: number;
  expansionToBaselineRatio: number;
  windowSeconds: number;
  ratePerSecondLimit: number;
  workerSent: number;
  workerMessagesPerSecond: number;
  /** Raw pooled SMTP with nodemailer's own sockets (Nagle on), as the worker sent before. */
  rawSmtpNagleMessagesPerSecond: number;
  /** Raw pooled SMTP with the worker's sockets (Nagle off): the baseline of the ratio. */
  rawSmtpMessagesPerSecond: number;
  workerToRawRatio: number;
  sinkReceived: number;
  startRssMiB: number;
  endRssMiB: number;
  peakRssMiB: number;
};

class Rollback extends Error {}

const mib = (bytes: number) => Math.round(bytes / 2 ** 20);

export async function runMailBench(options: MailBenchOptions): Promise<MailBenchResult> {
  const windowSeconds = options.windowSeconds ?? 90;
  const baselineSeconds = options.baselineSeconds ?? 15;
  const ratePerSecond = options.ratePerSecond ?? 100_000;
  const database = await createTestDatabase();
  const db = database.db;
  let received = 0;
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const smtpUrl = `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}`;
  const jobs = createJobs(db, { onError: (error) => console.error(error) });
  try {
    // The recipients are fixture rows: their per-row count and tree triggers (one counter row
    // updated 500k times in one transaction) would take longer than the whole bench, and nothing
    // here reads those counts. Off for this insert only, in this throw-away database.
    await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await sql`
        INSERT INTO end_users (user_name, invite_code, email, aube_user_id_hash, first_name, last_name)
        SELECT 'mailbench' || g, 'MB' || lpad(g::text, 8, '0'), 'mailbench' || g || '@example.com',
               'mb' || g, 'Mail', 'Bench'
          FROM generate_series(1, ${options.users}::int) AS g`.execute(trx);
    });
    await sql`ANALYZE end_users`.execute(db);
    jobs.queue(MAIL_QUEUE);
    jobs.queue(MAIL_EXPAND_QUEUE);
    await jobs.start();
    const clock = () => new Date();
    const mail = createMailService(db, { jobs, smtpConfigured: true });
    // The writes run as their mutations run them, over this mail service.
    const env = {
      actor: systemActor('mail-bench'),
      admin: null,
      locale: 'en' as const,
      userAgent: null,
      // Only what the two writes reach (the clock, the trail and the mail service).
      services: { clock, audit: createAuditService(db, clock), mail } as unknown as Services,
    };
    const { notification } = await runCommand(
      CREATE_NOTIFICATION,
      { title: 'ベンチマーク', content: '本文です。', language: 'ja', isPublic: false },
      { ...env, locale: 'ja' },
    );
    const message = { subject: 'ベンチマーク', body: '本文です。', language: 'ja' as const };

    // Baseline: the same rows selected into a bare table (no indexes, checks or keys).
    const baselineStarted = performance.now();
    await db.transaction().execute(async (trx) => {
      await sql`
        CREATE TEMP TABLE outbox_baseline ON COMMIT DROP AS
        SELECT 1::bigint AS mail_send_id, u.id AS end_user_id, u.email AS to_address,
               ${message.subject}::text AS subject, ${message.body}::text AS body, 'ja'::text AS language
          FROM end_users u LEFT JOIN end_user_details d ON d.end_user_id = u.id
         WHERE coalesce(d.default_locale, 'ja') = 'ja'`.execute(trx);
    });
    const enqueueBaselineMs = performance.now() - baselineStarted;

    // The enqueue statement alone, rolled back.
    let enqueueStatementMs = 0;
    await db
      .transaction()
      .execute(async (trx) => {
        const sendId = await repo.insertSend(trx, {
          notificationId: null,
          audience: 'locale',
          language: 'ja',
          subject: message.subject,
          adminId: null,
        });
        const started = performance.now();
        await repo.enqueueAudience(trx, sendId, null, message, { kind: 'locale', language: 'ja' });
        enqueueStatementMs = performance.now() - started;
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });

    // The send request, with the event loop watched: other requests must keep being served.
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const requestStarted = performance.now();
    const sent = await runCommand(
      SEND_MAIL,
      { notificationId: notification.id, audience: 'locale' },
      env,
    );
    const requestMs = performance.now() - requestStarted;
    const requestStall = loop.max;
    loop.disable();
    if (sent.recipientCount > 0) {
      const written = await repo.countSendStatuses(db, sent.mailSendId);
      if (written.queued !== 0) throw new Error('the request wrote outbox rows: not the job path');
    }

    // The job's expansion (run here, as the mail-expand job runs it), chunk by chunk.
    const expansionLoop = monitorEventLoopDelay({ resolution: 10 });
    expansionLoop.enable();
    const expander = createMailExpander(db);
    let chunks = 0;
    let longestChunkMs = 0;
    let chunkStarted = performance.now();
    const expansionStarted = performance.now();
    const expanded = await expander.expand(sent.mailSendId, async () => {
      chunks += 1;
      longestChunkMs = Math.max(longestChunkMs, performance.now() - chunkStarted);
      chunkStarted = performance.now();
    });
    const expansionMs = performance.now() - expansionStarted;
    expansionLoop.disable();
    if (expanded !== sent.recipientCount) {
      throw new Error(`expanded ${expanded} rows for ${sent.recipientCount} recipients`);
    }

    // Baseline: raw pooled SMTP (5 connections, as the worker), same sink and message, no
    // database; with nodemailer's own sockets and with the worker's (Nagle off).
    const rawRate = async (noDelay: boolean) => {
      const transport = nodemailer.createTransport(`${smtpUrl}?pool=true&maxConnections=5`);
      if (noDelay) {
        (transport.transporter as { getSocket?: typeof connectNoDelay }).getSocket = connectNoDelay;
      }
      let rawSent = 0;
      const rawUntil = performance.now() + baselineSeconds * 1000;
      const rawStarted = performance.now();
      await Promise.all(
        Array.from({ length: 5 }, async () => {
          while (performance.now() < rawUntil) {
            await transport.sendMail({
              from: 'bench@example.com',
              to: `raw${rawSent}@example.com`,
              subject: message.subject,
              text: message.body,
              headers: { 'Content-Language': 'ja', 'X-Outbox-Id': String(rawSent) },
            });
            rawSent += 1;
          }
        }),
      );
      transport.close();
      return rawSent / ((performance.now() - rawStarted) / 1000);
    };
    const rawNagleRate = await rawRate(false);
    const rawNoDelayRate = await rawRate(true);
    const receivedBefore = received;

    const worker = createMailWorker(db, {
      smtpUrl,
      from: 'bench@example.com',
      ratePerSecond,
      maxAttempts: 3,
      log: () => {},
    });
    global.gc?.();
    const startRss = process.memoryUsage().rss;
    let peakRss = startRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 250);
    const drainStarted = performance.now();
    const drained = await worker.drain(AbortSignal.timeout(windowSeconds * 1000));
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    clearInterval(sampler);
    worker.close();
    const endRss = process.memoryUsage().rss;
    const counts = await repo.countSendStatuses(db, sent.mailSendId);
    if (counts.sent !== drained.sent) {
      throw new Error(`worker says ${drained.sent} sent, the outbox says ${counts.sent}`);
    }
    const workerRate = drained.sent / drainSeconds;
    return {
      engine: database.engine,
      recipients: sent.recipientCount,
      requestMs: Math.round(requestMs),
      requestMaxEventLoopStallMs: Math.round(requestStall / 1e6),
      expansionMs: Math.round(expansionMs),
      expansionChunks: chunks,
      expansionChunkIds: EXPANSION_CHUNK_IDS,
      expansionLongestChunkMs: Math.round(longestChunkMs),
      expansionMaxEventLoopStallMs: Math.round(expansionLoop.max / 1e6),
      enqueueStatementMs: Math.round(enqueueStatementMs),
      enqueueBaselineMs: Math.round(enqueueBaselineMs),
      enqueueRatio: Number((enqueueStatementMs / enqueueBaselineMs).toFixed(2)),
      expansionToStatementRatio: Number((expansionMs / enqueueStatementMs).toFixed(2)),
      expansionToBaselineRatio: Number((expansionMs / enqueueBaselineMs).toFixed(2)),
      windowSeconds: Number(drainSeconds.toFixed(1)),
      ratePerSecondLimit: ratePerSecond,
      workerSent: drained.sent,
      workerMessagesPerSecond: Math.round(workerRate),
      rawSmtpNagleMessagesPerSecond: Math.round(rawNagleRate),
      rawSmtpMessagesPerSecond: Math.round(rawNoDelayRate),
      workerToRawRatio: Number((workerRate / rawNoDelayRate).toFixed(2)),
      sinkReceived: received - receivedBefore,
      startRssMiB: mib(startRss),
      endRssMiB: mib(endRss),
      peakRssMiB: mib(peakRss),
    };
  } finally {
    await jobs.stop();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
    await database.close();
  }
}

// Run directly (not imported by run.ts).
if (/mail-send\.ts$/.test(process.argv[1] ?? '')) {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '20000' },
      window: { type: 'string', default: '90' },
      baseline: { type: 'string', default: '15' },
      rate: { type: 'string', default: '100000' },
    },
  });
  runMailBench({
    users: Number(values.users),
    windowSeconds: Number(values.window),
    baselineSeconds: Number(values.baseline),
    ratePerSecond: Number(values.rate),
  })
    .then((result) => {
      console.log(JSON.stringify(result, null, 2));
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
