/**
 * Mail send benchmark (issue 15): how long confirming a send to N recipients takes (one
 * INSERT … SELECT of outbox rows in the request's transaction), and the rate at which one
 * delivery worker drains them to a local SMTP sink, with the process's peak memory.
 * On a fresh database: in-memory PGlite, or a new database beside DATABASE_URL.
 *   node --import tsx bench/mail-send.ts [--users 20000]   (also: npm run bench -- --only mail)
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { createTestDatabase } from '../apps/api/test/test-database';
import * as repo from '../apps/api/src/modules/mail/mail-repository';
import { createMailWorker } from '../apps/api/src/modules/mail/mail-worker';

export type MailBenchResult = {
  engine: string;
  recipients: number;
  enqueueMs: number;
  drainMs: number;
  messagesPerSecond: number;
  peakRssMiB: number;
  startRssMiB: number;
};

export async function runMailBench(users: number): Promise<MailBenchResult> {
  const database = await createTestDatabase();
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
  const port = (sink.server.address() as AddressInfo).port;
  try {
    await sql`
      INSERT INTO end_users (user_name, invite_code, email, aube_user_id_hash, first_name, last_name)
      SELECT 'mailbench' || g, 'MB' || lpad(g::text, 8, '0'), 'mailbench' || g || '@example.com',
             'mb' || g, 'Mail', 'Bench'
        FROM generate_series(1, ${users}::int) AS g`.execute(database.db);
    const startRss = process.memoryUsage().rss;
    let peakRss = startRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 100);

    // What postSendMail does in its transaction (without the audit row and job, which are one row each).
    const enqueueStarted = performance.now();
    const count = await database.db.transaction().execute(async (trx) => {
      const sendId = await repo.insertSend(trx, {
        notificationId: null,
        audience: 'locale',
        language: 'ja',
        subject: 'ベンチマーク',
        adminId: null,
      });
      return repo.enqueueAudience(
        trx,
        sendId,
        null,
        { subject: 'ベンチマーク', body: '本文です。\n\n--\nAube', language: 'ja' },
        { kind: 'locale', language: 'ja' },
      );
    });
    const enqueueMs = performance.now() - enqueueStarted;

    const worker = createMailWorker(database.db, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'bench@example.com',
      ratePerSecond: 1_000_000,
      maxAttempts: 3,
      batchSize: 200,
      log: () => {},
    });
    const drainStarted = performance.now();
    await worker.drain();
    const drainMs = performance.now() - drainStarted;
    worker.close();
    clearInterval(sampler);
    if (received !== count) throw new Error(`sink received ${received} of ${count}`);
    return {
      engine: database.engine,
      recipients: count,
      enqueueMs: Math.round(enqueueMs),
      drainMs: Math.round(drainMs),
      messagesPerSecond: Math.round((count / drainMs) * 1000),
      startRssMiB: Math.round(startRss / 2 ** 20),
      peakRssMiB: Math.round(peakRss / 2 ** 20),
    };
  } finally {
    await new Promise<void>((resolve) => sink.close(() => resolve()));
    await database.close();
  }
}

// Run directly (not imported by run.ts).
if (/mail-send\.ts$/.test(process.argv[1] ?? '')) {
  const { values } = parseArgs({ options: { users: { type: 'string', default: '20000' } } });
  runMailBench(Number(values.users))
    .then((result) => {
      console.log(JSON.stringify(result, null, 2));
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
