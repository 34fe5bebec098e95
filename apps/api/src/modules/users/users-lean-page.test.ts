import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countBuckets, countFromBuckets } from '../../db/count-buckets';
import { openDatabase, type Database } from '../../db/database';
import { seedDemoPopulation } from '../../seed/population/demo-population';
import { issueToken } from '../../../test/admin-fixtures';
import { capturing } from '../../../test/query-plans';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { findTokenOwner } from '../auth/auth-repository';
import { listUsers } from './users-repository';

// Issue 11's HTTP speed: the users page reads only what the query selects, and the hot
// statements (token lookup, unfiltered page, bucket count) go as named prepared statements on
// PostgreSQL. Answers stay the same on both engines.
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoPopulation(t.database.db, { users: 60, seed: 5 });
  token = await issueToken(t.database, 'reader@example.com');
});
afterAll(async () => {
  await t?.close();
});

const page = { limit: 20, offset: 0, sort: { target: 'id' as const, orderBy: 'desc' as const } };

describe('users page: only the selected columns', () => {
  it('reads only the fields asked for (and the id)', async () => {
    const lean = await listUsers(t.database.db, {}, page, new Set(['userName', 'totalOwl']));
    expect(lean.rows).toHaveLength(20);
    for (const row of lean.rows)
      expect(Object.keys(row).sort()).toEqual(['id', 'totalOwl', 'userName']);
    const full = await listUsers(t.database.db, {}, page);
    expect(Object.keys(full.rows[0]!)).toContain('bio');
    expect(lean.rows.map((r) => [r.id, r.userName, r.totalOwl])).toEqual(
      full.rows.map((r) => [r.id, r.userName, r.totalOwl]),
    );
    expect(lean.totalRecords).toBe(full.totalRecords);
  });

  it('answers every selected field through GraphQL, fragments and nested blocks included', async () => {
    const FULL = `{ users(pagination: { limit: 20 }) { list {
      id userName inviteCode cardStatus totalHECStakedAmount totalETHStakedAmount totalBuyAmountUsd
      savingRewardsRate referralRate registeredAt totalSentAmount totalOwl
      aubeUserInfo { email aubeUserIdHash firstName lastName birthDate enrollmentMonth forceClubRegisteredAt forceClubIdHash }
      userDetail { avatarUrl phoneNumber twoFactor bio defaultLocale } } } }`;
    const PARTS = `query { users(pagination: { limit: 20 }) { list { id ...names ... on User { info: aubeUserInfo { email } }
      userDetail { bio twoFactor } } } }
      fragment names on User { userName totalBuyAmountUsd }`;
    type Row = Record<string, unknown> & {
      aubeUserInfo: Record<string, unknown>;
      userDetail: Record<string, unknown>;
    };
    const full = await t.gql<{ users: { list: Row[] } }>(FULL, {}, token);
    const parts = await t.gql<{
      users: { list: Array<Record<string, unknown> & { info: { email: string } }> };
    }>(PARTS, {}, token);
    expect(full.errors).toBeUndefined();
    expect(parts.errors).toBeUndefined();
    expect(parts.data!.users.list).toEqual(
      full.data!.users.list.map((u) => ({
        id: u.id,
        userName: u.userName,
        totalBuyAmountUsd: u.totalBuyAmountUsd,
        info: { email: u.aubeUserInfo.email },
        userDetail: { bio: u.userDetail.bio, twoFactor: u.userDetail.twoFactor },
      })),
    );
  });
});

describe('the unfiltered first page', () => {
  it('has its LIMIT in the text for the screen’s page sizes; other pages keep parameters', async () => {
    // A shape is compiled (and recorded) once: fields of their own make these shapes new.
    const { db, sent } = capturing(t.database.db);
    const fields = new Set(['inviteCode']);
    const first = await listUsers(db, {}, page, fields);
    const second = await listUsers(db, {}, { ...page, offset: 20 }, fields);
    const odd = await listUsers(db, {}, { ...page, limit: 7 }, fields);
    const pages = sent.filter((q) => /limit/i.test(q.sql));
    // Page 2 and a page size the screen does not offer share the shape with parameters.
    expect(pages.map((q) => q.sql.match(/limit \S+( offset \S+)?/i)?.[0])).toEqual([
      'limit 20',
      'limit $1 offset $2',
    ]);
    expect(pages[0]!.parameters).toEqual([]);
    expect(first.rows).toHaveLength(20);
    expect(second.rows.map((r) => r.id)).toEqual(
      (await listUsers(t.database.db, {}, { ...page, limit: 40 }, fields)).rows
        .slice(20)
        .map((r) => r.id),
    );
    expect(odd.rows.map((r) => r.id)).toEqual(first.rows.slice(0, 7).map((r) => r.id));
  });
});

describe('named prepared statements (PostgreSQL)', () => {
  it('prepares the token lookup, the unfiltered page and the bucket count, not a prefix filter', async () => {
    const url = (t.database as Database & { url?: string }).url;
    if (!url) {
      // PGlite: nothing is named; the same calls simply answer.
      expect((await listUsers(t.database.db, {}, page, new Set(['userName']))).rows).toHaveLength(
        20,
      );
      return;
    }
    // One connection, so the session's prepared statements are the ones these calls made.
    const one = await openDatabase({ databaseUrl: url, poolSize: 1 });
    try {
      const now = new Date();
      await findTokenOwner(one.db, 'no-such-token', now, new Date(now.getTime() - 60_000));
      await listUsers(one.db, {}, page, new Set(['userName']));
      await listUsers(one.db, { userName: 'a' }, page, new Set(['userName']));
      await countFromBuckets(one.db, 'end_users', [countBuckets.end_users.all]);
      const { rows } = await sql<{ statement: string }>`
        SELECT statement FROM pg_prepared_statements WHERE NOT from_sql`.execute(one.db);
      const statements = rows.map((r) => r.statement);
      expect(statements.some((s) => s.includes('"admin_access_tokens"'))).toBe(true);
      expect(statements.some((s) => s.includes('"row_counts"'))).toBe(true);
      const pages = statements.filter((s) => s.includes('"end_users"') && /limit/i.test(s));
      // The unfiltered page only: the prefix shape is planned per call with its value.
      expect(pages).toHaveLength(1);
      expect(pages[0]).not.toMatch(/like/i);
      // Its LIMIT is written into the text: no parameter left, so it is planned once.
      expect(pages[0]).not.toMatch(/\$\d/);
      // A second round reuses them: nothing new is prepared.
      await listUsers(one.db, {}, page, new Set(['userName']));
      const again = await sql<{ n: string }>`
        SELECT count(*) AS n FROM pg_prepared_statements WHERE NOT from_sql`.execute(one.db);
      expect(Number(again.rows[0]!.n)).toBe(rows.length);
    } finally {
      await one.close();
    }
  });
});
