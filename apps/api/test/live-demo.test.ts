import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema';
import { demoPopulationEnd, seedDemoPopulation } from '../src/seed/population/demo-population';
import { verifyPopulation } from '../src/seed/population/verify-population';
import { createTestDatabase } from './test-database';

// Issue 26, "One clock": the demo is dated relative to the day it is loaded, so a newcomer's
// first dashboard, "today" and the 24-hour queues show activity; a load on another day moves
// every date by whole days and changes nothing else. Without `liveAt` it keeps its fixed end.
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// 12:00 on 2026-11-27 in Tokyo (the default business zone).
const LOADED_AT = Date.parse('2026-11-27T03:00:00.000Z');
const USERS = 300;

type Database = Awaited<ReturnType<typeof createTestDatabase>>;
let today: Database;
let later: Database;

beforeAll(async () => {
  today = await createTestDatabase();
  later = await createTestDatabase();
  await seedDemoPopulation(today.db, { users: USERS, seed: 7, liveAt: LOADED_AT });
  await seedDemoPopulation(later.db, { users: USERS, seed: 7, liveAt: LOADED_AT + 3 * DAY });
}, 240_000);

afterAll(async () => {
  await today?.close();
  await later?.close();
});

describe('demoPopulationEnd', () => {
  it('is one hour into the business day of the load, whole days apart from day to day', () => {
    expect(new Date(demoPopulationEnd(LOADED_AT, 'Asia/Tokyo')).toISOString()).toBe(
      '2026-11-26T16:00:00.000Z',
    );
    // 00:30 in Tokyo: the hour has not passed, so the previous day's end (nothing in the future).
    expect(
      new Date(
        demoPopulationEnd(Date.parse('2026-11-26T15:30:00.000Z'), 'Asia/Tokyo'),
      ).toISOString(),
    ).toBe('2026-11-25T16:00:00.000Z');
    expect(new Date(demoPopulationEnd(LOADED_AT, 'UTC')).toISOString()).toBe(
      '2026-11-27T01:00:00.000Z',
    );
    expect(demoPopulationEnd(LOADED_AT + 3 * DAY, 'Asia/Tokyo')).toBe(
      demoPopulationEnd(LOADED_AT, 'Asia/Tokyo') + 3 * DAY,
    );
  });
});

describe('the live demo', () => {
  it('has new users, sales and waiting withdrawals today, and nothing after the load', async () => {
    const [counts] = (
      await sql<{ newToday: number; paidRecently: number; under24: number; over24: number }>`
        SELECT
          (SELECT count(*)::int FROM end_users
            WHERE business_day(registered_at) = '2026-11-27') AS "newToday",
          (SELECT count(*)::int FROM payments
            WHERE confirmed_at >= ${new Date(LOADED_AT - 2 * DAY)}) AS "paidRecently",
          (SELECT count(*)::int FROM withdrawal_requests WHERE status IN ('requested', 'approved')
            AND requested_at > ${new Date(LOADED_AT - DAY)}) AS under24,
          (SELECT count(*)::int FROM withdrawal_requests WHERE status IN ('requested', 'approved')
            AND requested_at <= ${new Date(LOADED_AT - DAY)}) AS over24`.execute(today.db)
    ).rows;
    expect(counts!.newToday).toBeGreaterThan(0);
    expect(counts!.paidRecently).toBeGreaterThan(0);
    expect(counts!.under24).toBeGreaterThan(0);
    expect(counts!.over24).toBeGreaterThan(0);
    const [latest] = (
      await sql<{ at: Date }>`
        SELECT greatest(
          (SELECT max(registered_at) FROM end_users),
          (SELECT max(confirmed_at) FROM payments),
          (SELECT max(asset_fixed_at) FROM payments),
          (SELECT max(greatest(requested_at, processing_at, completed_at, failed_at, rejected_at))
            FROM withdrawal_requests)) AS at`.execute(today.db)
    ).rows;
    expect(new Date(latest!.at).getTime()).toBeLessThanOrEqual(LOADED_AT);
    // Every derived total and counter still equals its rows.
    expect(await verifyPopulation(today.db)).toEqual([]);
  });

  it('loaded three days later, is the same population with every date three days later', async () => {
    const shifted = async (db: Kysely<DB>, shift: number) => {
      const users = await sql<{ id: number; at: Date }>`
        SELECT id, registered_at AS at FROM end_users ORDER BY id`.execute(db);
      const withdrawals = await sql<{ id: string; status: string; at: Date }>`
        SELECT id::text, status, requested_at AS at FROM withdrawal_requests ORDER BY id`.execute(
        db,
      );
      const payments = await sql<{ id: string; usd: string; at: Date | null }>`
        SELECT id::text, paid_usd::text AS usd, confirmed_at AS at FROM payments ORDER BY id`.execute(
        db,
      );
      const minus = (at: Date | null) => (at ? new Date(at).getTime() - shift : null);
      return {
        users: users.rows.map((r) => [r.id, minus(r.at)]),
        withdrawals: withdrawals.rows.map((r) => [r.id, r.status, minus(r.at)]),
        payments: payments.rows.map((r) => [r.id, r.usd, minus(r.at)]),
      };
    };
    const first = await shifted(today.db, 0);
    expect(first.users).toHaveLength(USERS);
    expect(await shifted(later.db, 3 * DAY)).toEqual(first);
  });
});
