import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { createJobs, type Jobs } from '../../platform/jobs';
import { sql } from 'kysely';
import { createAuditService } from '../audit/audit-service';
import { systemActor } from '../../shared/actor';
import { MAIL_EXPAND_QUEUE, MAIL_QUEUE, registerMailJobs } from './mail-jobs';
import { createMailExpander } from './mail-expansion';
import * as repo from './mail-repository';
import { createMailService } from './mail-service';
import { CREATE_NOTIFICATION } from './commands/create-notification';
import { SEND_MAIL } from './commands/send-mail';
import { runCommand } from '../../platform/commands';
import type { Services } from '../../server/services';
import { createMailWorker, type MailWorker } from './mail-worker';

/** A message as the SMTP server received it. */
type Received = { to: string[]; from: string; headers: Record<string, string>; body: string };

/** Decodes RFC 2047 encoded words (nodemailer's Subject for non-ASCII titles). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?(.*?)\?=/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

function parseMessage(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.slice(split + 4);
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  if (encoding === 'base64')
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    body = Buffer.from(
      body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  headers.subject = decodeWords(headers.subject ?? '');
  return { headers, body: body.replace(/\r\n/g, '\n') };
}

/** A real SMTP server on a random port that records what it accepts. */
async function startSmtp(
  onRcptTo?: SMTPServerOptions['onRcptTo'],
  /** Runs as each message is received, before the server answers it. */
  onReceived?: (count: number) => void,
): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    ...(onRcptTo ? { onRcptTo } : {}),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const parsed = parseMessage(Buffer.concat(chunks).toString('latin1'));
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          ...parsed,
        });
        onReceived?.(received.length);
        callback(null, 'Queued as test');
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls until `check` passes (generous limit, no fixed sleeps: the machine may be loaded). */
async function eventually(check: () => Promise<void> | void, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

let t: TestApp;
let jobs: Jobs;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let poolWorker: MailWorker;
let writer: string;
let reader: string;
let userSeq = 0;
const EXPAND_ABOVE = 20;

/** Addresses of the users a locale send reaches, as the database has them now. */
async function localeAddresses(language: 'ja' | 'en', maxUserId: number): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('end_users as u')
    .leftJoin('end_user_details as d', 'd.end_user_id', 'u.id')
    .select('u.email')
    .where(sql<boolean>`coalesce(d.default_locale, 'ja') = ${language}`)
    .where('u.id', '<=', maxUserId)
    .execute();
  return rows.map((r) => r.email).sort();
}

async function addUsers(count: number, locale: 'ja' | 'en', prefix: string): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    userSeq += 1;
    const row = await t.database.db
      .insertInto('end_users')
      .values({
        user_name: `${prefix}${userSeq}`,
        invite_code: `MAIL${String(userSeq).padStart(4, '0')}`,
        email: `${prefix}${userSeq}@example.com`,
        aube_user_id_hash: `mail${userSeq}`,
        first_name: 'Mail',
        last_name: 'User',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('end_user_details')
      .values({ end_user_id: row.id, default_locale: locale })
      .execute();
    ids.push(row.id);
  }
  return ids;
}

const CREATE = `mutation ($title: String, $content: String, $language: String, $isPublic: Boolean) {
  postCreateNotification(title: $title, content: $content, language: $language, isPublic: $isPublic) {
    message notification { id title content language isPublic notifiedAt }
  }
}`;

async function gqlIn(locale: 'en' | 'ja', query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${t.baseUrl}/graphql-admin`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': locale === 'ja' ? 'ja' : 'en-US',
      'x-admin-access-token': writer,
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as {
    data?: Record<string, unknown> | null;
    errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
  };
}

async function createNotification(title: string, content: string, language: 'ja' | 'en') {
  const result = await t.gql<{ postCreateNotification: { notification: { id: number } } }>(
    CREATE,
    { title, content, language },
    writer,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.postCreateNotification.notification.id;
}

async function sendCounts(mailSendId: string) {
  const result = await t.gql<{
    mailSend: { recipientCount: number; counts: Record<string, number> };
  }>(
    'query ($id: ID!) { mailSend(mailSendId: $id) { recipientCount counts { queued sending sent failed } } }',
    { id: mailSendId },
    reader,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.mailSend;
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({
    services: async (database) => {
      jobs = createJobs(database.db, { pollingIntervalSeconds: 0.5, supervise: false });
      poolWorker = createMailWorker(database.db, {
        smtpUrl: smtp.url,
        from: 'Aube <no-reply@aube.test>',
        ratePerSecond: 200,
        maxAttempts: 3,
        backoffSeconds: 0.2,
        log: () => {},
      });
      // Sends above 20 recipients are expanded by the job, 10 user ids per chunk.
      registerMailJobs(jobs, database.db, poolWorker, { expansionChunkIds: 10 });
      await jobs.start({ workers: true });
      return { jobs, smtpConfigured: true, mailExpandInJobAbove: EXPAND_ABOVE };
    },
  });
  writer = await t.login('writer@example.com');
  reader = await t.login('reader@example.com');
}, 180_000);

afterAll(async () => {
  await jobs?.stop();
  poolWorker?.close();
  await t?.close();
  await smtp?.close();
}, 120_000);

describe('notifications', () => {
  it('creates, lists, updates and deletes, each audited; the spec messages in both languages', async () => {
    const id = await createNotification('Maintenance', 'We will stop at 2am.', 'en');
    const listed = await t.gql<{
      notifications: { list: Array<{ id: number }>; pagination: { totalRecords: number } };
    }>('{ notifications { list { id title } pagination { totalRecords } } }', {}, reader);
    expect(listed.data!.notifications.list.map((n) => n.id)).toContain(id);
    const updated = await t.gql<{
      postUpdateNotification: { notification: { title: string; isPublic: boolean } };
    }>(
      'mutation ($id: Int!) { postUpdateNotification(notificationId: $id, title: "Maintenance (moved)", content: "3am", language: "en", isPublic: false) { notification { title isPublic } } }',
      { id },
      writer,
    );
    expect(updated.data!.postUpdateNotification.notification).toEqual({
      title: 'Maintenance (moved)',
      isPublic: false,
    });
    const deleted = await t.gql<{ postDeleteNotification: { deletedNotificationId: number } }>(
      'mutation ($id: Int!) { postDeleteNotification(notificationId: $id) { deletedNotificationId } }',
      { id },
      writer,
    );
    expect(deleted.data!.postDeleteNotification.deletedNotificationId).toBe(id);
    const operations = await t.database.db
      .selectFrom('audit_log')
      .select('operation')
      .where('operation', 'in', [
        'postCreateNotification',
        'postUpdateNotification',
        'postDeleteNotification',
      ])
      .execute();
    expect(operations.map((o) => o.operation).sort()).toEqual([
      'postCreateNotification',
      'postDeleteNotification',
      'postUpdateNotification',
    ]);

    const noTitle = await gqlIn('en', CREATE, { title: ' ', content: 'x', language: 'en' });
    expect(noTitle.errors?.[0]?.message).toBe('Please input title.');
    // The web app words the reason itself, in the admin's language (issue 26).
    expect(noTitle.errors?.[0]?.extensions).toMatchObject({
      reason: 'TITLE_REQUIRED',
      field: 'title',
    });
    const noLanguage = await gqlIn('en', CREATE, { title: 'x', content: 'x' });
    expect(noLanguage.errors?.[0]?.message).toBe('Please select a language.');
    const noLanguageJa = await gqlIn('ja', CREATE, { title: 'x', content: 'x', language: 'fr' });
    expect(noLanguageJa.errors?.[0]?.message).toBe('言語を選択してください。');
    expect(noLanguageJa.errors?.[0]?.extensions?.reason).toBe('LANGUAGE_REQUIRED');
    const noTitleJa = await gqlIn('ja', CREATE, { title: '', content: 'x', language: 'ja' });
    expect(noTitleJa.errors?.[0]?.message).toBe('タイトルを入力してください。');
    // A line break in the title would let it add headers to the mail.
    const injected = await gqlIn('en', CREATE, {
      title: 'Hello\r\nBcc: victim@example.com',
      content: 'x',
      language: 'en',
    });
    expect(injected.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'TITLE_LINE_BREAK',
    });
    const readerTry = await t.gql(CREATE, { title: 'x', content: 'x', language: 'en' }, reader);
    expect(readerTry.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('notified-at (issue 26)', () => {
  const UPDATE = `mutation ($id: Int!, $title: String, $notifiedAt: DateTime) {
    postUpdateNotification(notificationId: $id, title: $title, content: "c", language: "ja", notifiedAt: $notifiedAt) {
      notification { title notifiedAt }
    }
  }`;

  it('an edit keeps notified-at unless the operator sets it; the set time is stored as given', async () => {
    const created = await t.gql<{
      postCreateNotification: { notification: { id: number; notifiedAt: string } };
    }>(
      'mutation { postCreateNotification(title: "Kept", content: "c", language: "ja", notifiedAt: "2026-03-01T01:00:00.000Z") { notification { id notifiedAt } } }',
      {},
      writer,
    );
    expect(created.errors).toBeUndefined();
    const { id, notifiedAt } = created.data!.postCreateNotification.notification;
    expect(notifiedAt).toBe('2026-03-01T01:00:00.000Z');

    const edited = await t.gql<{
      postUpdateNotification: { notification: { title: string; notifiedAt: string } };
    }>(UPDATE, { id, title: 'Kept (edited)' }, writer);
    expect(edited.errors).toBeUndefined();
    expect(edited.data!.postUpdateNotification.notification).toEqual({
      title: 'Kept (edited)',
      notifiedAt: '2026-03-01T01:00:00.000Z',
    });

    const moved = await t.gql<{
      postUpdateNotification: { notification: { notifiedAt: string } };
    }>(UPDATE, { id, title: 'Kept (moved)', notifiedAt: '2026-03-02T09:30:00.000Z' }, writer);
    expect(moved.data!.postUpdateNotification.notification.notifiedAt).toBe(
      '2026-03-02T09:30:00.000Z',
    );
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select('summary')
      .where('operation', '=', 'postUpdateNotification')
      .where(sql<boolean>`target_ids @> ARRAY[${String(id)}]::text[]`)
      .orderBy('id')
      .execute();
    expect(audited).toHaveLength(2);
  });
});

describe('sending through pg-boss and a real SMTP server', () => {
  it('previews, test-sends to the admin, sends to the locale audience; status reaches sent', async () => {
    const enUsers = await addUsers(5, 'en', 'enuser');
    await addUsers(3, 'ja', 'jauser');
    const id = await createNotification('New plan available', 'The 5-year plan opens today.', 'en');

    const preview = await t.gql<{
      mailPreview: { subject: string; body: string; recipientCount: number };
    }>(
      'query ($id: Int!) { mailPreview(notificationId: $id) { subject body recipientCount } }',
      { id },
      reader,
    );
    expect(preview.data!.mailPreview.subject).toBe('New plan available');
    expect(preview.data!.mailPreview.body).toContain('The 5-year plan opens today.');
    expect(preview.data!.mailPreview.recipientCount).toBe(5);
    const chosen = await t.gql<{ mailPreview: { recipientCount: number } }>(
      'query ($id: Int!, $ids: [Int!]) { mailPreview(notificationId: $id, audience: "users", userIds: $ids) { recipientCount } }',
      { id, ids: enUsers.slice(0, 2) },
      reader,
    );
    expect(chosen.data!.mailPreview.recipientCount).toBe(2);

    const test = await t.gql<{ postSendTestMail: { mailSendId: string; toAddress: string } }>(
      'mutation ($id: Int!) { postSendTestMail(notificationId: $id) { mailSendId toAddress } }',
      { id },
      writer,
    );
    expect(test.errors).toBeUndefined();
    expect(test.data!.postSendTestMail.toAddress).toBe('writer@example.com');
    await eventually(async () => {
      expect((await sendCounts(test.data!.postSendTestMail.mailSendId)).counts.sent).toBe(1);
    });
    expect(smtp.received.filter((m) => m.to.includes('writer@example.com'))).toHaveLength(1);

    const started = Date.now();
    const sent = await t.gql<{ postSendMail: { mailSendId: string; recipientCount: number } }>(
      'mutation ($id: Int!) { postSendMail(notificationId: $id) { message mailSendId recipientCount } }',
      { id },
      writer,
    );
    expect(sent.errors).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(15_000);
    const { mailSendId, recipientCount } = sent.data!.postSendMail;
    expect(recipientCount).toBe(5);
    // The audit row names the send, written in the same transaction as the outbox rows.
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['summary'])
      .where('operation', '=', 'postSendMail')
      .executeTakeFirstOrThrow();
    expect(audit.summary).toMatchObject({ after: { mailSendId, recipientCount: 5 } });

    await eventually(async () => {
      expect((await sendCounts(mailSendId)).counts).toEqual({
        queued: 0,
        sending: 0,
        sent: 5,
        failed: 0,
      });
    });
    const delivered = smtp.received.filter((m) => m.headers.subject === 'New plan available');
    // 5 users plus the earlier test mail.
    expect(delivered).toHaveLength(6);
    const toUsers = delivered.filter((m) => m.to[0]!.startsWith('enuser'));
    expect(toUsers.map((m) => m.to[0]).sort()).toEqual(
      enUsers.map((_, i) => `enuser${i + 1}@example.com`).sort(),
    );
    for (const message of toUsers) {
      expect(message.from).toBe('no-reply@aube.test');
      expect(message.headers['content-language']).toBe('en');
      expect(message.body).toContain('The 5-year plan opens today.');
      expect(message.body).toContain('This message was sent to you by the Aube team.');
    }
    const recipients = await t.gql<{
      mailRecipients: { list: Array<{ status: string; smtpResponse: string }> };
    }>(
      'query ($id: ID!) { mailRecipients(mailSendId: $id) { list { toAddress status smtpResponse attempts } } }',
      { id: mailSendId },
      reader,
    );
    expect(recipients.data!.mailRecipients.list.every((r) => r.status === 'sent')).toBe(true);
    expect(recipients.data!.mailRecipients.list[0]!.smtpResponse).toContain('Queued as test');
  });

  it('sends Japanese mail in Japanese to users whose locale is ja', async () => {
    const id = await createNotification('メンテナンスのお知らせ', '午前2時に停止します。', 'ja');
    const sent = await t.gql<{ postSendMail: { mailSendId: string; recipientCount: number } }>(
      'mutation ($id: Int!) { postSendMail(notificationId: $id) { mailSendId recipientCount } }',
      { id },
      writer,
    );
    expect(sent.data!.postSendMail.recipientCount).toBe(3);
    await eventually(async () => {
      expect((await sendCounts(sent.data!.postSendMail.mailSendId)).counts.sent).toBe(3);
    });
    const ja = smtp.received.filter((m) => m.headers.subject === 'メンテナンスのお知らせ');
    expect(ja.map((m) => m.to[0]!.replace(/\d+/, '')).sort()).toEqual([
      'jauser@example.com',
      'jauser@example.com',
      'jauser@example.com',
    ]);
    expect(ja[0]!.headers['content-language']).toBe('ja');
    expect(ja[0]!.body).toContain('午前2時に停止します。');
    expect(ja[0]!.body).toContain('Aube 運営事務局');
  });

  it('a large send returns at once; the job writes its recipients in chunks and delivery reaches each once', async () => {
    await addUsers(45, 'en', 'bigsend');
    const id = await createNotification('Large send', 'To many users.', 'en');
    const sent = await t.gql<{ postSendMail: { mailSendId: string; recipientCount: number } }>(
      'mutation ($id: Int!) { postSendMail(notificationId: $id) { mailSendId recipientCount } }',
      { id },
      writer,
    );
    expect(sent.errors).toBeUndefined();
    const { mailSendId, recipientCount } = sent.data!.postSendMail;
    const send = await t.database.db
      .selectFrom('mail_sends')
      .select(['audience_max_user_id', 'expansion_cursor', 'recipient_count'])
      .where('id', '=', mailSendId)
      .executeTakeFirstOrThrow();
    const expected = await localeAddresses('en', send.audience_max_user_id!);
    expect(recipientCount).toBe(expected.length);
    expect(recipientCount).toBeGreaterThan(EXPAND_ABOVE);
    await eventually(async () => {
      expect((await sendCounts(mailSendId)).counts).toEqual({
        queued: 0,
        sending: 0,
        sent: expected.length,
        failed: 0,
      });
    });
    const after = await t.database.db
      .selectFrom('mail_sends')
      .select(['audience_max_user_id', 'expansion_cursor', 'recipient_count'])
      .where('id', '=', mailSendId)
      .executeTakeFirstOrThrow();
    expect(after.expansion_cursor).toBe(after.audience_max_user_id);
    expect(after.recipient_count).toBe(expected.length);
    const delivered = smtp.received.filter((m) => m.headers.subject === 'Large send');
    expect(delivered.map((m) => m.to[0]).sort()).toEqual(expected);
  });

  it('refuses an address with a line break at the database', async () => {
    await expect(
      t.database.db
        .insertInto('mail_outbox')
        .values({
          to_address: 'a@example.com\r\nBcc: b@example.com',
          subject: 'x',
          body: 'x',
          language: 'en',
        })
        .execute(),
    ).rejects.toThrow(/mail_outbox_header_safe_check/);
  });
});

describe('named recipients (issue 24): naming users means exactly those users', () => {
  const SEND = `mutation ($id: Int!, $audience: String, $ids: [Int!]) {
    postSendMail(notificationId: $id, audience: $audience, userIds: $ids) { mailSendId recipientCount }
  }`;
  const PREVIEW = `query ($id: Int!, $audience: String, $ids: [Int!]) {
    mailPreview(notificationId: $id, audience: $audience, userIds: $ids) {
      recipientCount namedUsers { id userName email }
    }
  }`;
  const sendCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('mail_sends')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Asks in both languages; each is refused with `reason`, and no send is written. */
  async function refusedInBoth(variables: Record<string, unknown>, reason: string) {
    const before = await sendCount();
    const answers = {
      en: await gqlIn('en', SEND, variables),
      ja: await gqlIn('ja', SEND, variables),
    };
    for (const answer of Object.values(answers)) {
      expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason });
    }
    expect(await sendCount()).toBe(before);
    const preview = await gqlIn('en', PREVIEW, variables);
    expect(preview.errors?.[0]?.extensions).toMatchObject({ reason });
    return {
      en: answers.en.errors![0]!.message,
      ja: answers.ja.errors![0]!.message,
      extensions: answers.en.errors![0]!.extensions!,
    };
  }

  it('userIds without an audience reach those users only, never the language audience', async () => {
    const [chosen] = await addUsers(1, 'en', 'named');
    const name = `named${userSeq}`;
    await addUsers(3, 'en', 'bystander');
    const id = await createNotification('Only you', 'Just for one user.', 'en');
    const sent = await t.gql<{ postSendMail: { mailSendId: string; recipientCount: number } }>(
      SEND,
      { id, ids: [chosen] },
      writer,
    );
    expect(sent.errors).toBeUndefined();
    expect(sent.data!.postSendMail.recipientCount).toBe(1);
    const rows = await t.database.db
      .selectFrom('mail_outbox')
      .select('end_user_id')
      .where('mail_send_id', '=', sent.data!.postSendMail.mailSendId)
      .execute();
    expect(rows).toEqual([{ end_user_id: chosen }]);
    const send = await t.database.db
      .selectFrom('mail_sends')
      .select(['audience', 'recipient_count'])
      .where('id', '=', sent.data!.postSendMail.mailSendId)
      .executeTakeFirstOrThrow();
    expect(send).toEqual({ audience: 'users', recipient_count: 1 });
    await eventually(async () => {
      expect((await sendCounts(sent.data!.postSendMail.mailSendId)).counts.sent).toBe(1);
    });
    const delivered = smtp.received.filter((m) => m.headers.subject === 'Only you');
    expect(delivered.map((m) => m.to)).toEqual([[`${name}@example.com`]]);

    // The preview names that user, as the screen shows them before the send.
    const preview = await t.gql<{
      mailPreview: { recipientCount: number; namedUsers: Array<{ id: number; email: string }> };
    }>(PREVIEW, { id, ids: [chosen] }, reader);
    expect(preview.errors).toBeUndefined();
    expect(preview.data!.mailPreview.recipientCount).toBe(1);
    expect(preview.data!.mailPreview.namedUsers).toEqual([
      { id: chosen, userName: name, email: `${name}@example.com` },
    ]);
  });

  it('refuses named users together with the language audience, and an empty list of users', async () => {
    const [user] = await addUsers(1, 'en', 'conflict');
    const id = await createNotification('Contradiction', 'Which audience?', 'en');
    const conflict = await refusedInBoth(
      { id, audience: 'locale', ids: [user] },
      'MAIL_AUDIENCE_CONFLICT',
    );
    expect(conflict.en).toBe(
      'Choose either users or a language audience, not both. Nothing was sent.',
    );
    expect(conflict.ja).toBe(
      'ユーザーの指定と言語による配信先は同時に指定できません。送信していません。',
    );
    // An explicit empty list names nobody: it does not fall back to everyone.
    const none = await refusedInBoth({ id, ids: [] }, 'MAIL_NO_USERS');
    expect(none.en).toBe('Choose at least one user. Nothing was sent.');
    expect(none.ja).toBe('ユーザーを1人以上選択してください。送信していません。');
    await refusedInBoth({ id, audience: 'users' }, 'MAIL_NO_USERS');
    const many = await refusedInBoth(
      { id, ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
      'MAIL_TOO_MANY_USERS',
    );
    expect(many.en).toContain('At most 1000 users');
    expect(many.ja).toContain('1000人まで');
  });

  it('lists ids that match no user and sends nothing, rather than mailing fewer people', async () => {
    const users = await addUsers(3, 'en', 'known');
    const id = await createNotification('Some unknown', 'Three real users, two not.', 'en');
    const unknown = await refusedInBoth(
      { id, ids: [users[0], users[1], 999_999, users[2], -4, users[0]] },
      'MAIL_UNKNOWN_USERS',
    );
    expect(unknown.extensions.userIds).toEqual([999_999, -4]);
    expect(unknown.en).toBe('No user has these ids: 999999, -4. Nothing was sent.');
    expect(unknown.ja).toBe('次のIDのユーザーは存在しません: 999999, -4。送信していません。');
    // A value that is no id at all is refused by GraphQL itself, naming it.
    const malformed = await gqlIn('en', SEND, { id, ids: [users[0], 'abc'] });
    expect(malformed.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(malformed.errors?.[0]?.message).toContain('"abc"');

    // A user whose address cannot take mail is named back too.
    const [broken] = await addUsers(1, 'en', 'noaddress');
    await t.database.db
      .updateTable('end_users')
      .set({ email: '' })
      .where('id', '=', broken!)
      .execute();
    const unreachable = await refusedInBoth(
      { id, ids: [users[0], broken] },
      'MAIL_UNREACHABLE_USERS',
    );
    expect(unreachable.extensions.userIds).toEqual([broken]);
    expect(unreachable.en).toBe(
      `These users have no address mail can be sent to: ${broken}. Nothing was sent.`,
    );
    // (Its address back, so the language audiences of the later tests stay as they were.)
    await t.database.db
      .updateTable('end_users')
      .set({ email: `noaddress${broken}@example.com` })
      .where('id', '=', broken!)
      .execute();

    // The same users, all known and reachable, are sent to, each once.
    const sent = await t.gql<{ postSendMail: { mailSendId: string; recipientCount: number } }>(
      SEND,
      { id, audience: 'users', ids: [...users, users[0]] },
      writer,
    );
    expect(sent.errors).toBeUndefined();
    expect(sent.data!.postSendMail.recipientCount).toBe(3);
    await eventually(async () => {
      expect((await sendCounts(sent.data!.postSendMail.mailSendId)).counts.sent).toBe(3);
    });
  });
});

describe('the delivery worker', () => {
  /** Queues a send to `count` new users without the job queue (which is stopped here). */
  async function queueSend(
    count: number,
    prefix: string,
  ): Promise<{ sendId: string; emails: string[] }> {
    const ids = await addUsers(count, 'en', prefix);
    const sendId = await repo.insertSend(t.database.db, {
      notificationId: null,
      audience: 'users',
      language: 'en',
      subject: `Batch ${prefix}`,
      adminId: null,
    });
    await repo.enqueueAudience(
      t.database.db,
      sendId,
      null,
      { subject: `Batch ${prefix}`, body: 'hello', language: 'en' },
      { kind: 'users', userIds: ids },
    );
    const emails = await t.database.db
      .selectFrom('mail_outbox')
      .select('to_address')
      .where('mail_send_id', '=', sendId)
      .execute();
    return { sendId, emails: emails.map((e) => e.to_address) };
  }

  async function statuses(sendId: string) {
    return repo.countSendStatuses(t.database.db, sendId);
  }

  it('stops (pg-boss) so the rest drives the worker by hand', async () => {
    await jobs.stop();
  });

  it('a worker killed mid-batch and a restarted one deliver every message exactly once', async () => {
    const killer = new AbortController();
    // "Kill" the worker as its fourth message arrives (before the SMTP answer, so the abort is
    // seen between messages of the first batch of 10, its other claims left behind). A timer
    // polling the count could fire only after the whole batch, under load.
    const sink = await startSmtp(undefined, (count) => {
      if (count >= 4) killer.abort();
    });
    const { sendId, emails } = await queueSend(25, 'killed');
    const first = createMailWorker(t.database.db, {
      smtpUrl: sink.url,
      from: 'no-reply@aube.test',
      ratePerSecond: 500,
      maxAttempts: 3,
      batchSize: 10,
      leaseSeconds: 1,
      log: () => {},
    });
    const firstRun = await first.drain(killer.signal);
    first.close();
    expect(firstRun.sent).toBeGreaterThanOrEqual(4);
    expect(firstRun.sent).toBeLessThan(25);
    expect((await statuses(sendId)).sending).toBeGreaterThan(0);

    const restarted = createMailWorker(t.database.db, {
      smtpUrl: sink.url,
      from: 'no-reply@aube.test',
      ratePerSecond: 500,
      maxAttempts: 3,
      leaseSeconds: 1,
      log: () => {},
    });
    await eventually(async () => {
      await restarted.drain();
      expect((await statuses(sendId)).sent).toBe(25);
    });
    restarted.close();
    const addresses = sink.received.map((m) => m.to[0]);
    expect(addresses.sort()).toEqual([...emails].sort());
    expect(new Set(addresses).size).toBe(25);
    await sink.close();
  });

  it('replicas draining side by side never send a message twice', async () => {
    const sink = await startSmtp();
    const { sendId, emails } = await queueSend(30, 'replica');
    const make = () =>
      createMailWorker(t.database.db, {
        smtpUrl: sink.url,
        from: 'no-reply@aube.test',
        ratePerSecond: 500,
        maxAttempts: 3,
        batchSize: 5,
        log: () => {},
      });
    const [a, b] = [make(), make()];
    const [ra, rb] = await Promise.all([a.drain(), b.drain()]);
    a.close();
    b.close();
    expect(ra.sent + rb.sent).toBe(30);
    expect((await statuses(sendId)).sent).toBe(30);
    expect(sink.received.map((m) => m.to[0]).sort()).toEqual([...emails].sort());
    await sink.close();
  });

  it('records accepted messages in one statement, each with its own answer, only while still claimed', async () => {
    const { sendId } = await queueSend(3, 'marks');
    const claimed = (await repo.claimDue(t.database.db, 100, 60)).filter((m) =>
      m.toAddress.startsWith('marks'),
    );
    expect(claimed).toHaveLength(3);
    const [first, second, third] = claimed as [
      repo.ClaimedMessage,
      repo.ClaimedMessage,
      repo.ClaimedMessage,
    ];
    // Another path already failed the third (its claim is no longer this worker's).
    await repo.markFailed(t.database.db, third.id, '550 gone');
    await repo.markSentMany(t.database.db, [
      { id: first.id, response: '250 OK id=a' },
      { id: second.id, response: '250 OK id=b' },
      { id: third.id, response: '250 OK id=c' },
    ]);
    const rows = await t.database.db
      .selectFrom('mail_outbox')
      .select(['id', 'status', 'smtp_response'])
      .where('mail_send_id', '=', sendId)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.status, r.smtp_response])).toEqual([
      ['sent', '250 OK id=a'],
      ['sent', '250 OK id=b'],
      ['failed', '550 gone'],
    ]);
    await repo.markSentMany(t.database.db, []);
  });

  it('a refusing SMTP server: refusals are retried with backoff; one refused on every attempt ends failed with the answer', async () => {
    const refusedOnce = new Set<string>();
    const sink = await startSmtp((address, _session, callback) => {
      if (address.address.startsWith('flaky') && !refusedOnce.has(address.address)) {
        refusedOnce.add(address.address);
        const error = new Error('Mailbox busy, try later') as Error & { responseCode: number };
        error.responseCode = 451;
        return callback(error);
      }
      if (address.address.startsWith('bad')) {
        const error = new Error('No such user here') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      return callback();
    });
    const flaky = await queueSend(2, 'flaky');
    const bad = await queueSend(1, 'bad');
    const worker = createMailWorker(t.database.db, {
      smtpUrl: sink.url,
      from: 'no-reply@aube.test',
      ratePerSecond: 500,
      maxAttempts: 3,
      backoffSeconds: 0.2,
      log: () => {},
    });
    await eventually(async () => {
      await worker.drain();
      expect(await statuses(flaky.sendId)).toMatchObject({ sent: 2, queued: 0 });
      expect(await statuses(bad.sendId)).toMatchObject({ failed: 1, queued: 0 });
    });
    worker.close();
    const rows = await t.database.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'status', 'attempts', 'last_error', 'smtp_response'])
      .where('mail_send_id', 'in', [flaky.sendId, bad.sendId])
      .orderBy('id')
      .execute();
    for (const row of rows.filter((r) => r.to_address.startsWith('flaky'))) {
      expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    }
    const failed = rows.find((r) => r.to_address.startsWith('bad'))!;
    expect(failed.status).toBe('failed');
    expect(failed.attempts).toBe(3);
    expect(failed.last_error).toMatch(/550/);
    expect(failed.last_error).toMatch(/No such user here/);
    expect(sink.received.filter((m) => m.to[0]!.startsWith('flaky'))).toHaveLength(2);
    await sink.close();
  });

  it('a large send is frozen and counted in the request; the job expands it once, resuming after a crash, replicas side by side', async () => {
    await addUsers(30, 'en', 'expand');
    // pg-boss started without workers: the send's job is enqueued, the test runs the expander.
    const queue = createJobs(t.database.db, { supervise: false });
    queue.queue(MAIL_QUEUE);
    queue.queue(MAIL_EXPAND_QUEUE);
    await queue.start();
    const clock = () => new Date();
    const db = t.database.db;
    // The two writes run as their mutations run them, over a mail service whose jobs wait.
    const mail = createMailService(db, {
      jobs: queue,
      smtpConfigured: true,
      expandInJobAbove: EXPAND_ABOVE,
    });
    const env = {
      actor: systemActor('mail-test'),
      admin: null,
      locale: 'en' as const,
      userAgent: null,
      // Only what these two writes reach (the clock, the trail and the mail service).
      services: { clock, audit: createAuditService(db, clock), mail } as unknown as Services,
    };
    const { notification: n } = await runCommand(
      CREATE_NOTIFICATION,
      { title: 'Chunked', content: 'In chunks.', language: 'en' },
      env,
    );
    const { mailSendId, recipientCount } = await runCommand(
      SEND_MAIL,
      { notificationId: n.id },
      env,
    );
    const outboxRows = async () =>
      db
        .selectFrom('mail_outbox')
        .select(['end_user_id', 'to_address'])
        .where('mail_send_id', '=', mailSendId)
        .execute();
    // The request wrote no outbox row: the send, its frozen audience and count, and the job.
    expect(await outboxRows()).toHaveLength(0);
    const send = await db
      .selectFrom('mail_sends')
      .select(['audience_max_user_id', 'expansion_cursor', 'recipient_count', 'body'])
      .where('id', '=', mailSendId)
      .executeTakeFirstOrThrow();
    const expected = await localeAddresses('en', send.audience_max_user_id!);
    expect(send).toMatchObject({ expansion_cursor: 0, recipient_count: expected.length });
    expect(send.body).toContain('In chunks.');
    expect(recipientCount).toBe(expected.length);
    const { rows: queued } = await sql<{ name: string }>`
      SELECT name FROM pgboss.job WHERE data->>'mailSendId' = ${mailSendId}`.execute(db);
    expect(queued.map((j) => j.name)).toEqual([MAIL_EXPAND_QUEUE]);
    // Users who arrive after the confirmation are not recipients (the audience is frozen).
    await addUsers(2, 'en', 'latecomer');

    // One chunk: user ids 1..10 only.
    const first = await createMailExpander(db, { chunkIds: 10 }).chunk(mailSendId);
    expect(first.state).toBe('more');
    const afterFirst = await outboxRows();
    expect(afterFirst.length).toBe(first.rows);
    expect(afterFirst.every((r) => r.end_user_id! <= 10)).toBe(true);

    // A worker killed inside a chunk: its transaction rolls back, nothing of it stays.
    await db
      .transaction()
      .execute(async (trx) => {
        const locked = (await repo.lockExpandingSend(trx, mailSendId))!;
        expect(locked.cursor).toBe(10);
        await repo.expandChunk(trx, locked, locked.maxUserId);
        throw new Error('killed');
      })
      .catch((error: Error) => expect(error.message).toBe('killed'));
    expect(await outboxRows()).toHaveLength(first.rows);

    // Restarted, on two replicas at once: they continue from the cursor, each chunk once.
    const [a, b] = [
      createMailExpander(db, { chunkIds: 10 }),
      createMailExpander(db, { chunkIds: 10 }),
    ];
    await Promise.all([a.expandPending(), b.expandPending()]);
    const rows = await outboxRows();
    expect(rows.map((r) => r.to_address).sort()).toEqual(expected);
    expect(new Set(rows.map((r) => r.end_user_id)).size).toBe(expected.length);
    expect(await repo.listExpandingSends(db)).not.toContain(mailSendId);
    expect((await createMailExpander(db).chunk(mailSendId)).state).toBe('done');

    // Delivery reaches each recipient once.
    const sink = await startSmtp();
    const worker = createMailWorker(db, {
      smtpUrl: sink.url,
      from: 'no-reply@aube.test',
      ratePerSecond: 500,
      maxAttempts: 3,
      log: () => {},
    });
    await eventually(async () => {
      await worker.drain();
      expect((await statuses(mailSendId)).sent).toBe(expected.length);
    });
    worker.close();
    const chunked = sink.received.filter((m) => m.headers.subject === 'Chunked');
    expect(chunked.map((m) => m.to[0]).sort()).toEqual(expected);
    await sink.close();
    await queue.stop();
  });

  it('without SMTP_URL nothing is sent, messages stay queued and the console says so', async () => {
    const { sendId } = await queueSend(2, 'nosmtp');
    const lines: string[] = [];
    const worker = createMailWorker(t.database.db, {
      smtpUrl: undefined,
      from: 'no-reply@aube.test',
      ratePerSecond: 10,
      maxAttempts: 3,
      log: (line) => lines.push(line),
    });
    const result = await worker.drain();
    expect(result.queued).toBeGreaterThanOrEqual(2);
    expect(lines.join('\n')).toMatch(/SMTP_URL is not set.*stay queued/);
    expect(await statuses(sendId)).toMatchObject({ queued: 2, sent: 0 });
    const delivery = await t.gql<{ mailDelivery: { queued: number } }>(
      '{ mailDelivery { smtpConfigured queued } }',
      {},
      reader,
    );
    expect(delivery.data!.mailDelivery.queued).toBeGreaterThanOrEqual(2);
  });
});
