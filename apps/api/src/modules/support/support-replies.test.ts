import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { createMailWorker } from '../mail/mail-worker';

// Issue 26: the "oldest first, open on top" order, replies mailed through the outbox with
// their delivery status, and internal notes.

let t: TestApp;
let writer: string;
let reader: string;
let smtp: SMTPServer;
let smtpUrl: string;
const received: Array<{ to: string[]; raw: string }> = [];
const ids: Record<string, string> = {};
const users: Record<string, number> = {};

async function endUser(name: string, email: string, locale?: 'ja' | 'en'): Promise<number> {
  const row = await t.database.db
    .insertInto('end_users')
    .values({
      user_name: name,
      invite_code: `RPL${name.replace(/[^a-z]/g, '').toUpperCase()}`.slice(0, 12),
      email,
      aube_user_id_hash: `reply-${name}`,
      first_name: 'Reply',
      last_name: 'User',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (locale)
    await t.database.db
      .insertInto('end_user_details')
      .values({ end_user_id: row.id, default_locale: locale })
      .execute();
  return row.id;
}

async function contact(
  userId: number,
  title: string,
  contactedAt: string,
  status: 'backlog' | 'wip' | 'closed',
): Promise<string> {
  const row = await t.database.db
    .insertInto('user_contacts')
    .values({
      end_user_id: userId,
      title,
      content: `${title} body`,
      contacted_at: contactedAt,
      status,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const LIST = `query ($status: String, $pagination: PaginationInput) {
  userContacts(userContactStatus: $status, pagination: $pagination) {
    list { id title status }
    pagination { totalRecords sort { target orderBy } }
  }
}`;

async function titles(variables: Record<string, unknown>): Promise<string[]> {
  const result = await t.gql<{ userContacts: { list: Array<{ title: string }> } }>(
    LIST,
    variables,
    reader,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.userContacts.list.map((c) => c.title);
}

const DETAIL = `query ($id: ID!) {
  userContact(userContactId: $id) {
    id
    messages { id kind body adminUserName createdAt delivery { status toAddress sentAt smtpResponse } }
  }
}`;

type Message = {
  kind: string;
  body: string;
  adminUserName: string | null;
  delivery: { status: string; toAddress: string; sentAt: string | null } | null;
};

async function messages(id: string, token = reader): Promise<Message[]> {
  const result = await t.gql<{ userContact: { messages: Message[] } }>(DETAIL, { id }, token);
  expect(result.errors).toBeUndefined();
  return result.data!.userContact.messages;
}

const REPLY = `mutation ($id: ID!, $body: String!) {
  postReplyToUserContact(userContactId: $id, body: $body) {
    message userContact { messages { kind body delivery { status toAddress } } }
  }
}`;
const NOTE = `mutation ($id: ID!, $body: String!) {
  postAddNoteToUserContact(userContactId: $id, body: $body) {
    message userContact { messages { kind body delivery { status } } }
  }
}`;

async function gqlIn(
  locale: 'ja' | 'en',
  query: string,
  variables: Record<string, unknown>,
  token: string,
) {
  const response = await fetch(`${t.baseUrl}/graphql-admin`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': locale,
      'x-admin-access-token': token,
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as {
    data?: Record<string, unknown> | null;
    errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
  };
}

/** Rows a reply or note writes: messages, sends, outbox rows and their audit rows. */
async function counts() {
  const count = async (table: 'user_contact_messages' | 'mail_sends' | 'mail_outbox') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const audited = await t.database.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('operation', 'in', ['postReplyToUserContact', 'postAddNoteToUserContact'])
    .executeTakeFirstOrThrow();
  return [
    await count('user_contact_messages'),
    await count('mail_sends'),
    await count('mail_outbox'),
    Number(audited.n),
  ];
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      // One mailbox refuses every message: its reply ends failed with the server's answer.
      if (address.address.startsWith('refused'))
        callback(Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback(null, 'Queued as reply-test');
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

  t = await startTestApp();
  writer = await t.login('writer@example.com');
  reader = await t.login('reader@example.com');
  users.alice = await endUser('alice_r', 'alice.reply@example.com', 'en');
  users.hana = await endUser('hana_r', 'hana.reply@example.com', 'ja');
  users.refused = await endUser('refused_r', 'refused.reply@example.com', 'en');
  users.nomail = await endUser('nomail_r', '', 'ja');
  // The oldest inquiries are closed: sorting by contact time alone put them on top.
  ids.closedOld = await contact(users.alice, 'Closed oldest', '2026-01-01T00:00:00Z', 'closed');
  ids.closedMid = await contact(users.hana, 'Closed middle', '2026-01-02T00:00:00Z', 'closed');
  ids.wipOld = await contact(users.hana, 'Wip oldest', '2026-01-03T00:00:00Z', 'wip');
  ids.backlogOld = await contact(users.alice, 'Backlog oldest', '2026-01-04T00:00:00Z', 'backlog');
  ids.wipNew = await contact(users.alice, 'Wip newest', '2026-01-05T00:00:00Z', 'wip');
  ids.backlogNew = await contact(users.hana, 'Backlog newest', '2026-01-06T00:00:00Z', 'backlog');
  ids.refused = await contact(users.refused, 'Refused mailbox', '2026-01-07T00:00:00Z', 'closed');
  ids.nomail = await contact(users.nomail, 'No address', '2026-01-08T00:00:00Z', 'closed');
}, 180_000);

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
}, 120_000);

describe('oldest first, open on top (openFirst)', () => {
  it('puts unanswered, then in progress, then closed on top, each oldest first', async () => {
    expect(await titles({ pagination: { sort: { target: 'openFirst', orderBy: 'ASC' } } })).toEqual(
      [
        'Backlog oldest',
        'Backlog newest',
        'Wip oldest',
        'Wip newest',
        'Closed oldest',
        'Closed middle',
        'Refused mailbox',
        'No address',
      ],
    );
    // Descending keeps the open ones on top and turns the time within each status.
    expect(
      await titles({ pagination: { sort: { target: 'openFirst', orderBy: 'DESC' }, limit: 4 } }),
    ).toEqual(['Backlog newest', 'Backlog oldest', 'Wip newest', 'Wip oldest']);
    // Pages follow the same order.
    expect(
      await titles({
        pagination: { sort: { target: 'openFirst', orderBy: 'ASC' }, limit: 3, offset: 3 },
      }),
    ).toEqual(['Wip newest', 'Closed oldest', 'Closed middle']);
    // Within a status tab it is the tab's oldest first.
    expect(
      await titles({
        status: 'wip',
        pagination: { sort: { target: 'openFirst', orderBy: 'ASC' } },
      }),
    ).toEqual(['Wip oldest', 'Wip newest']);
  });
});

describe('replies and notes', () => {
  it('a reply is queued in the outbox to the inquirer, audited, and its status follows delivery', async () => {
    const answer = await gqlIn(
      'en',
      REPLY,
      { id: ids.backlogOld, body: 'Thank you, your withdrawal was processed.' },
      writer,
    );
    expect(answer.errors).toBeUndefined();
    const queued = await messages(ids.backlogOld!);
    expect(queued).toEqual([
      {
        kind: 'reply',
        body: 'Thank you, your withdrawal was processed.',
        adminUserName: expect.any(String),
        createdAt: expect.any(String),
        id: expect.any(String),
        delivery: expect.objectContaining({
          status: 'queued',
          toAddress: 'alice.reply@example.com',
          sentAt: null,
        }),
      },
    ]);
    const outbox = await t.database.db
      .selectFrom('mail_outbox as m')
      .innerJoin('mail_sends as s', 's.id', 'm.mail_send_id')
      .select(['m.to_address', 'm.subject', 'm.body', 'm.language', 'm.end_user_id', 's.audience'])
      .where('s.audience', '=', 'reply')
      .execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      to_address: 'alice.reply@example.com',
      subject: 'Re: Backlog oldest',
      language: 'en',
      end_user_id: users.alice,
      audience: 'reply',
    });
    expect(outbox[0]!.body).toContain('Thank you, your withdrawal was processed.');
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select(['target_ids', 'summary'])
      .where('operation', '=', 'postReplyToUserContact')
      .execute();
    expect(audited).toHaveLength(1);
    expect(audited[0]!.target_ids).toEqual([ids.backlogOld]);

    // A reply to a Japanese-speaking user is worded in Japanese around the operator's text.
    const ja = await gqlIn(
      'ja',
      REPLY,
      { id: ids.wipOld, body: 'ご連絡ありがとうございます。' },
      writer,
    );
    expect(ja.errors).toBeUndefined();
    // And one to a mailbox that refuses: it ends failed with the server's answer.
    expect((await gqlIn('en', REPLY, { id: ids.refused, body: 'Hello' }, writer)).errors).toBe(
      undefined,
    );

    const worker = createMailWorker(t.database.db, {
      smtpUrl,
      from: 'Aube Support <support@aube.test>',
      ratePerSecond: 100,
      maxAttempts: 1,
      log: () => {},
    });
    try {
      await worker.drain();
    } finally {
      worker.close();
    }
    const sent = await messages(ids.backlogOld!);
    expect(sent[0]!.delivery).toMatchObject({
      status: 'sent',
      toAddress: 'alice.reply@example.com',
    });
    expect(sent[0]!.delivery!.sentAt).not.toBeNull();
    const failed = await messages(ids.refused!);
    expect(failed[0]!.delivery!.status).toBe('failed');
    const toAlice = received.find((m) => m.to.includes('alice.reply@example.com'));
    expect(toAlice?.raw).toContain('Thank you, your withdrawal was processed.');
    const toHana = received.find((m) => m.to.includes('hana.reply@example.com'));
    expect(toHana).toBeDefined();
    expect((await messages(ids.wipOld!))[0]!.delivery!.status).toBe('sent');
    // Reply sends belong to the inquiry, not to the notifications' send history.
    const history = await t.gql<{ mailSends: { pagination: { totalRecords: number } } }>(
      '{ mailSends { pagination { totalRecords } } }',
      {},
      reader,
    );
    expect(history.data!.mailSends.pagination.totalRecords).toBe(0);
  });

  it('an internal note is kept for other admins and never mailed', async () => {
    const [, sendsBefore, outboxBefore] = await counts();
    const answer = await t.gql(
      NOTE,
      { id: ids.wipNew, body: 'Checked the ledger; waiting for finance.' },
      writer,
    );
    expect(answer.errors).toBeUndefined();
    // Another admin (a reader) sees it with its author.
    const seen = await messages(ids.wipNew!, reader);
    expect(seen).toEqual([
      expect.objectContaining({
        kind: 'note',
        body: 'Checked the ledger; waiting for finance.',
        delivery: null,
        adminUserName: expect.any(String),
      }),
    ]);
    const [, sendsAfter, outboxAfter] = await counts();
    expect([sendsAfter, outboxAfter]).toEqual([sendsBefore, outboxBefore]);
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select('target_ids')
      .where('operation', '=', 'postAddNoteToUserContact')
      .execute();
    expect(audited.map((a) => a.target_ids)).toEqual([[ids.wipNew]]);
  });

  it('refuses a reader, a blank or too long body, an unknown inquiry and an inquirer without an address, changing nothing', async () => {
    const before = await counts();
    for (const query of [REPLY, NOTE]) {
      const denied = await t.gql(query, { id: ids.backlogNew, body: 'hello' }, reader);
      expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const anonymous = await t.gql(query, { id: ids.backlogNew, body: 'hello' });
      expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      for (const body of ['', '   ', '\u200b\u3000']) {
        const blank = await gqlIn('ja', query, { id: ids.backlogNew, body }, writer);
        expect(blank.errors?.[0]?.extensions).toMatchObject({
          code: 'BAD_USER_INPUT',
          field: 'body',
          problem: 'required',
        });
      }
      const long = await gqlIn(
        'ja',
        query,
        { id: ids.backlogNew, body: 'x'.repeat(10_001) },
        writer,
      );
      expect(long.errors?.[0]?.extensions).toMatchObject({
        field: 'body',
        problem: 'maxLength',
        params: { max: 10_000 },
      });
      const unknown = await t.gql(query, { id: '999999', body: 'hello' }, writer);
      expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    const noAddress = await gqlIn('ja', REPLY, { id: ids.nomail, body: 'hello' }, writer);
    expect(noAddress.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'MAIL_UNREACHABLE_USERS',
      userIds: [users.nomail],
    });
    expect(await counts()).toEqual(before);
    expect(await messages(ids.backlogNew!)).toEqual([]);
    // 10,000 characters is allowed.
    const longest = await t.gql(NOTE, { id: ids.backlogNew, body: 'y'.repeat(10_000) }, writer);
    expect(longest.errors).toBeUndefined();
  });
});

describe('a reply moves a new inquiry to in progress (issue 35)', () => {
  const STATUS = `query ($id: ID!) { userContact(userContactId: $id) { status history { field fromValue toValue } } }`;
  const detail = async (id: string) =>
    (
      await t.gql<{
        userContact: {
          status: string;
          history: Array<{ field: string; fromValue: string | null; toValue: string | null }>;
        };
      }>(STATUS, { id }, reader)
    ).data!.userContact;

  it('backlog → wip with a history row; a note does not move it; a closed one stays closed', async () => {
    const fresh = await contact(
      users.alice!,
      'Backlog for reply',
      '2026-02-01T00:00:00Z',
      'backlog',
    );
    const noted = await contact(
      users.alice!,
      'Backlog for note',
      '2026-02-02T00:00:00Z',
      'backlog',
    );
    const closed = await contact(
      users.alice!,
      'Closed for reply',
      '2026-02-03T00:00:00Z',
      'closed',
    );
    for (const [query, id] of [
      [REPLY, fresh],
      [NOTE, noted],
      [REPLY, closed],
    ] as const) {
      const result = await t.gql(query, { id, body: 'We are looking into it.' }, writer);
      expect(result.errors).toBeUndefined();
    }
    const replied = await detail(fresh);
    expect(replied.status).toBe('wip');
    expect(replied.history).toContainEqual(
      expect.objectContaining({ field: 'status', fromValue: 'backlog', toValue: 'wip' }),
    );
    expect((await detail(noted)).status).toBe('backlog');
    expect((await detail(closed)).status).toBe('closed');
  });
});
