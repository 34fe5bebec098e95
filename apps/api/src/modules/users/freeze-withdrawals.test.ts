import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../../test/admin-fixtures';
import { addTestUsers } from '../../../test/payment-fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';

// Issue 34's worked example of adding a write (docs/architecture.md, "A write, declared
// once"): freezing a user's withdrawals with a reason is one command file, and its mutation,
// access rule and audit row follow from it.

const FREEZE = `mutation ($userId: Int!, $reason: String!) {
  postFreezeUserWithdrawals(userId: $userId, reason: $reason)
}`;

let t: TestApp;
let userId: number;

beforeAll(async () => {
  t = await startTestApp();
  userId = (await addTestUsers(t.database.db, 'freeze', [1]))[0]!;
});
afterAll(async () => {
  await t?.close();
});

describe('postFreezeUserWithdrawals', () => {
  it('freezes with the reason, audited as the event the command declares', async () => {
    const token = await issueToken(t.database, 'writer@example.com');
    const answer = await t.gql(FREEZE, { userId, reason: ' chargeback ' }, token);
    expect(answer).toEqual({ data: { postFreezeUserWithdrawals: true } });
    const user = await t.database.db
      .selectFrom('end_users')
      .select('withdrawals_frozen_reason')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user.withdrawals_frozen_reason).toBe('chargeback');
    const row = await t.database.db
      .selectFrom('audit_log')
      .select(['operation', 'target_type', 'target_ids', 'summary'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      operation: 'postFreezeUserWithdrawals',
      target_type: 'end_user',
      target_ids: [String(userId)],
      summary: { before: { frozenReason: null }, after: { frozenReason: 'chargeback' } },
    });
  });

  it('refuses a blank reason, an unknown user and a reader', async () => {
    const writer = await issueToken(t.database, 'writer@example.com');
    const blank = await t.gql(FREEZE, { userId, reason: '  ' }, writer);
    expect(blank.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const unknown = await t.gql(FREEZE, { userId: 999_999, reason: 'x' }, writer);
    expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const reader = await issueToken(t.database, 'reader@example.com');
    const refused = await t.gql(FREEZE, { userId, reason: 'x' }, reader);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
