import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema';
import { businessClockZone, setBusinessClockZone } from '../src/db/business-clock';
import { seedDemoPopulation } from '../src/seed/population/demo-population';
import { verifyPopulation } from '../src/seed/population/verify-population';
import { createTestDatabase } from './test-database';

// Migration 0150: the kept days (asset statistics, registration-day buckets) are business days,
// and a start with another BUSINESS_TIME_ZONE recounts them for it.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Kysely<DB>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoPopulation(db, { users: 60, seed: 5 });
});

afterAll(async () => {
  await database?.close();
});

async function keptDay(day: string): Promise<{ usd: string; users: string }> {
  const { rows } = await sql<{ usd: string; users: string }>`
    SELECT coalesce((SELECT total_buy_amount_usd FROM asset_stats_daily WHERE stat_date = ${day}::date), 0)::text AS usd,
      coalesce((SELECT n FROM row_counts WHERE relation = 'end_users' AND bucket = ${`registered_day:${day}`}), 0)::text AS users`.execute(
    db,
  );
  return rows[0]!;
}

describe('business days (migration 0150)', () => {
  it('counts an instant on its day in the business zone, and recounts when the zone changes', async () => {
    expect(await businessClockZone(db)).toBe('Asia/Tokyo');
    const user = await db
      .insertInto('end_users')
      .values({
        user_name: 'clock_user',
        invite_code: 'CLOCK1',
        email: 'clock@example.com',
        aube_user_id_hash: 'clock1',
        first_name: 'Clock',
        last_name: 'User',
        registered_at: '2030-01-05T16:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payment = await db
      .insertInto('payments')
      .values({
        end_user_id: user.id,
        plan_id: 1,
        price_usd: '250',
        paid_usd: '250',
        paid_btc: '0.001',
        payment_address: 'bc1qclock1',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('payments')
      .set({ status: 'confirmed', confirmed_at: '2030-01-05T16:00:00.000Z' })
      .where('id', '=', payment.id)
      .execute();
    // 16:00 UTC is 01:00 the next day in Tokyo.
    expect(await keptDay('2030-01-06')).toEqual({ usd: '250', users: '1' });
    expect(await keptDay('2030-01-05')).toEqual({ usd: '0', users: '0' });
    expect(await verifyPopulation(db)).toEqual([]);

    expect(await setBusinessClockZone(db, 'UTC')).toBe(true);
    expect(await keptDay('2030-01-05')).toEqual({ usd: '250', users: '1' });
    expect(await keptDay('2030-01-06')).toEqual({ usd: '0', users: '0' });
    expect(await verifyPopulation(db)).toEqual([]);
    // The same zone again changes nothing; an unknown zone is refused and changes nothing.
    expect(await setBusinessClockZone(db, 'UTC')).toBe(false);
    await expect(setBusinessClockZone(db, 'Asia/Tokio')).rejects.toThrow();
    expect(await businessClockZone(db)).toBe('UTC');

    expect(await setBusinessClockZone(db, 'Asia/Tokyo')).toBe(true);
    expect(await keptDay('2030-01-06')).toEqual({ usd: '250', users: '1' });
    expect(await verifyPopulation(db)).toEqual([]);
  });
});
