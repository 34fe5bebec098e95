import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app';

/**
 * The send history (mailSends) and a send's recipients (mailRecipients) honour the sort
 * direction a caller asks for, like every other paged list; without one they keep their
 * default order (sends newest first, recipients oldest first).
 */
let t: TestApp;
let reader: string;
const sendIds: string[] = [];
let recipientIds: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  reader = await t.login('reader@example.com');
  const db = t.database.db;
  for (const subject of ['first', 'second', 'third']) {
    const send = await db
      .insertInto('mail_sends')
      .values({ audience: 'locale', language: 'ja', subject, recipient_count: 3 })
      .returning('id')
      .executeTakeFirstOrThrow();
    sendIds.push(String(send.id));
  }
  const rows = await db
    .insertInto('mail_outbox')
    .values(
      ['a', 'b', 'c'].map((name) => ({
        mail_send_id: sendIds[0]!,
        to_address: `${name}@example.com`,
        subject: 'first',
        body: 'body',
        language: 'ja',
      })),
    )
    .returning('id')
    .execute();
  recipientIds = rows.map((r) => String(r.id));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function sendsIn(orderBy?: 'ASC' | 'DESC'): Promise<string[]> {
  const result = await t.gql<{ mailSends: { list: { id: string }[] } }>(
    'query ($p: PaginationInput) { mailSends(pagination: $p) { list { id } } }',
    { p: orderBy ? { sort: { target: 'id', orderBy } } : null },
    reader,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.mailSends.list.map((s) => String(s.id));
}

async function recipientsIn(orderBy?: 'ASC' | 'DESC'): Promise<string[]> {
  const result = await t.gql<{ mailRecipients: { list: { id: string }[] } }>(
    'query ($id: ID!, $p: PaginationInput) { mailRecipients(mailSendId: $id, pagination: $p) { list { id } } }',
    { id: sendIds[0], p: orderBy ? { sort: { target: 'id', orderBy } } : null },
    reader,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.mailRecipients.list.map((r) => String(r.id));
}

describe('mail lists follow the asked sort direction', () => {
  it('mailSends: newest first by default and DESC, oldest first with ASC', async () => {
    const newestFirst = [...sendIds].reverse();
    expect(await sendsIn()).toEqual(newestFirst);
    expect(await sendsIn('DESC')).toEqual(newestFirst);
    expect(await sendsIn('ASC')).toEqual(sendIds);
  });

  it('mailRecipients: oldest first by default and ASC, newest first with DESC', async () => {
    expect(await recipientsIn()).toEqual(recipientIds);
    expect(await recipientsIn('ASC')).toEqual(recipientIds);
    expect(await recipientsIn('DESC')).toEqual([...recipientIds].reverse());
  });
});
