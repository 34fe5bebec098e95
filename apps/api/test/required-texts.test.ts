import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLANK_TEXT_EXAMPLES } from '@app/shared';
import { databaseFingerprint } from './admin-fixtures';
import { startDemoApp } from './demo-app';
import type { TestApp } from './test-app';

/**
 * Issue 24, "blank is blank": every required text the console writes is refused by the API
 * when it holds no visible text (isBlankText: white space, zero-width and other invisible
 * characters), and nothing changes; with one visible character it is taken. PGlite, or
 * PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
let writer: string;
let superAdmin: string;

const BLANKS = BLANK_TEXT_EXAMPLES.filter(([, blank]) => blank).map(([text]) => text);
// The example first: one U+200B passed the server's trim() and the database's btrim.
const SAMPLES = ['\u200b', ...BLANKS.filter((b) => b !== '\u200b')];

async function firstRequest(status: string): Promise<string> {
  const r = await sql<{ id: string }>`
    SELECT id::text AS id FROM withdrawal_requests WHERE status = ${status}
     ORDER BY id LIMIT 1`.execute(t.database.db);
  return r.rows[0]!.id;
}

beforeAll(async () => {
  ({
    t,
    tokens: { writer, superAdmin },
  } = await startDemoApp({ users: 120, seed: 9 }));
}, 180_000);

afterAll(async () => {
  await t?.close();
});

type Calls = Array<[string, string, Record<string, unknown>, () => string]>;

describe('a blank required text is refused by the API', () => {
  it('every required text of every mutation, for every blank sample; nothing changes', async () => {
    const requested = await firstRequest('requested');
    const processing = await firstRequest('processing');
    const notification = await sql<{ id: number }>`
      SELECT id FROM notifications ORDER BY id LIMIT 1`.execute(t.database.db);
    const notificationId = notification.rows[0]!.id;
    const calls: Calls = [
      [
        'reasonText',
        `mutation ($text: String!, $ids: [ID!]!) { postRejectWithdrawalRequests(ids: $ids, reasonCode: other, reasonText: $text) { changedCount } }`,
        { ids: [requested] },
        () => writer,
      ],
      [
        'reasonText',
        `mutation ($text: String!) { postRejectMatchingWithdrawalRequests(kind: saving, searchParams: { status: requested }, expectedCount: 1, reasonCode: other, reasonText: $text) { changedCount } }`,
        {},
        () => writer,
      ],
      [
        'reason',
        `mutation ($text: String!, $ids: [ID!]!) { postFailWithdrawalRequests(ids: $ids, reason: $text) { changedCount } }`,
        { ids: [processing] },
        () => writer,
      ],
      [
        'title',
        `mutation ($text: String!) { postCreateNotification(title: $text, content: "本文", language: "ja") { message } }`,
        {},
        () => writer,
      ],
      [
        'content',
        `mutation ($text: String!) { postCreateNotification(title: "件名", content: $text, language: "ja") { message } }`,
        {},
        () => writer,
      ],
      [
        'title',
        `mutation ($text: String!, $id: Int!) { postUpdateNotification(notificationId: $id, title: $text, content: "本文", language: "ja") { message } }`,
        { id: notificationId },
        () => writer,
      ],
      [
        'content',
        `mutation ($text: String!, $id: Int!) { postUpdateNotification(notificationId: $id, title: "件名", content: $text, language: "ja") { message } }`,
        { id: notificationId },
        () => writer,
      ],
      [
        'userName',
        `mutation ($text: String!) { postAddNewAdminUser(userName: $text, email: "new1@example.com", roles: ["read"]) { message } }`,
        {},
        () => superAdmin,
      ],
    ];
    // The refusals themselves are audited (actionRefused, issue 33): the trail is left out.
    const before = await databaseFingerprint(t.database, ['audit_log', 'audit_chain_head']);
    for (const [field, query, variables, token] of calls) {
      for (const text of SAMPLES) {
        const result = await t.gql(query, { ...variables, text }, token());
        const error = result.errors?.[0];
        const label = `${query.slice(11, 60)} ${JSON.stringify(text)}`;
        expect(error?.extensions?.code, label).toBe('BAD_USER_INPUT');
        expect(
          error?.extensions?.field ??
            (error?.extensions?.fieldErrors as Array<{ field: string }> | undefined)?.[0]?.field,
          label,
        ).toBe(field);
      }
    }
    expect(await databaseFingerprint(t.database, ['audit_log', 'audit_chain_head'])).toBe(before);
  });

  it('a reason with one visible character among invisible ones is taken, and the database agrees', async () => {
    const requested = await firstRequest('requested');
    const processing = await firstRequest('processing');
    const reject = await t.gql<{ postRejectWithdrawalRequests: { changedCount: number } }>(
      `mutation ($ids: [ID!]!) { postRejectWithdrawalRequests(ids: $ids, reasonCode: other, reasonText: "\u200b重複\u200b") { changedCount } }`,
      { ids: [requested] },
      writer,
    );
    expect(reject.errors).toBeUndefined();
    const fail = await t.gql<{ postFailWithdrawalRequests: { changedCount: number } }>(
      `mutation ($ids: [ID!]!) { postFailWithdrawalRequests(ids: $ids, reason: "\u3000x") { changedCount } }`,
      { ids: [processing] },
      writer,
    );
    expect(fail.errors).toBeUndefined();
    // Whoever writes a blank reason straight to the table, the check refuses it.
    await expect(
      sql`UPDATE withdrawal_requests SET reject_reason = ${'\u200b'} WHERE id = ${requested}`.execute(
        t.database.db,
      ),
    ).rejects.toThrow();
  });
});
