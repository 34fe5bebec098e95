import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_STATUSES,
  PAYMENT_STATUSES,
  PURCHASE_RANGES,
  WITHDRAWAL_KINDS,
  WITHDRAWAL_STATUSES,
} from '@app/shared';
import { countBuckets } from '../src/db/count-buckets';
import { migrate, MIGRATIONS_DIR } from '../src/db/migrator';
import type { DB } from '../src/db/schema';
import { countPayments, type PaymentsFilter } from '../src/modules/payments/payments-repository';
import { listAffiliateAggregates } from '../src/modules/referral/affiliate-aggregates-repository';
import { listSavingRemittances } from '../src/modules/savings/savings-repository';
import { countUsers } from '../src/modules/users/users-repository';
import { prefixPattern } from '../src/db/end-user-keys';
import { seedDemoPopulation } from '../src/seed/population/demo-population';
import { verifyPopulation } from '../src/seed/population/verify-population';
import { issueToken } from './admin-fixtures';
import { startTestApp, type TestApp } from './test-app';
import { createTestDatabase } from './test-database';

// Count buckets of migration 0018: every count they answer must equal a plain COUNT(*), after
// the generator wrote them and after changes through the real triggers (both engines).
let t: TestApp;
let db: Kysely<DB>;
let token: string;
let next = 500_000;

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  await seedDemoPopulation(db, { users: 300, seed: 7 });
  token = await issueToken(t.database, 'reader@example.com');
});

afterAll(async () => {
  await t?.close();
});

async function plainCount(where: ReturnType<typeof sql>, table: string): Promise<number> {
  const { rows } = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${where}`.execute(db);
  return Number(rows[0]!.n);
}

async function addUser(): Promise<number> {
  const n = next++;
  const row = await db
    .insertInto('end_users')
    .values({
      user_name: `bucket_user_${n}`,
      invite_code: `BKT${n}`,
      email: `bucket${n}@example.com`,
      aube_user_id_hash: `bucket${n}`,
      first_name: 'Bucket',
      last_name: 'User',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addPayment(
  userId: number,
  paidUsd: string,
  confirmedAt?: string,
  assetFixedAt?: string,
): Promise<string> {
  const row = await db
    .insertInto('payments')
    .values({
      end_user_id: userId,
      plan_id: 1,
      price_usd: paidUsd,
      paid_usd: paidUsd,
      paid_btc: '0.001',
      payment_address: `bc1qbucket${next++}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (confirmedAt)
    await db
      .updateTable('payments')
      .set({ status: 'confirmed', confirmed_at: confirmedAt })
      .where('id', '=', row.id)
      .execute();
  if (assetFixedAt)
    await db
      .updateTable('payments')
      .set({
        status: 'asset_fixed',
        asset_fixed_at: assetFixedAt,
        amount_eth: '0.5',
        amount_hec: '0',
      })
      .where('id', '=', row.id)
      .execute();
  return row.id;
}

// Edge instants: midnights, the last millisecond and microsecond of a day, mid-day.
const DATE_RANGES: Array<[string | undefined, string | undefined]> = [
  ['2026-03-01T00:00:00.000Z', '2026-03-31T23:59:59.999Z'],
  ['2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'],
  ['2026-03-01T00:00:00.001Z', '2026-03-31T23:59:59.998Z'],
  ['2026-02-28T12:00:00.000Z', '2026-03-02T12:00:00.000Z'],
  ['2026-03-04T00:00:00.000Z', '2026-03-04T00:00:00.000Z'],
  ['2026-03-03T23:59:59.999Z', '2026-03-04T00:00:00.000Z'],
  ['2026-03-10T06:00:00.000Z', '2026-03-10T18:00:00.000Z'],
  ['2026-03-10T00:00:00.000Z', '2026-03-10T23:59:59.999Z'],
  ['2026-03-31T23:59:59.999Z', undefined],
  ['2026-01-15T10:30:00.000Z', undefined],
  [undefined, '2026-03-31T23:59:59.999Z'],
  [undefined, '2025-06-01T00:00:00.000Z'],
  [undefined, undefined],
  ['2000-01-01T00:00:00.000Z', '2000-12-31T23:59:59.999Z'],
  ['2090-01-01T00:00:00.000Z', undefined],
  [undefined, '1990-01-01T00:00:00.000Z'],
  ['2024-01-01T00:00:00.000Z', '2027-12-31T23:59:59.999Z'],
];

async function expectPaymentCounts(label: string): Promise<void> {
  for (const column of ['confirmed_at', 'asset_fixed_at'] as const) {
    for (const [from, until] of DATE_RANGES) {
      if (!from && !until) continue;
      const filter: PaymentsFilter =
        column === 'confirmed_at'
          ? { confirmedAtFrom: from, confirmedAtUntil: until }
          : { assetFixedAtFrom: from, assetFixedAtUntil: until };
      const where = sql.join(
        [
          from ? sql`${sql.ref(column)} >= ${new Date(from)}` : sql`true`,
          until ? sql`${sql.ref(column)} <= ${new Date(until)}` : sql`true`,
        ],
        sql` AND `,
      );
      expect(await countPayments(db, filter), `${label} ${column} ${from}..${until}`).toBe(
        await plainCount(where, 'payments'),
      );
    }
  }
}

const AMOUNT_RANGES: Array<[string | undefined, string | undefined]> = [
  ['1000', '5000'],
  ['0', undefined],
  [undefined, '0'],
  ['0.01', '99.99'],
  ['0', '100'],
  ['100', '100'],
  ['99.99', '100.01'],
  ['150.5', '180.25'],
  ['1000.001', '4999.999'],
  ['1050', undefined],
  [undefined, '5000'],
  ['19999.99', undefined],
  ['20000', undefined],
  ['20000.5', '30000'],
  ['25000', '25000'],
  ['19950', '20050'],
  ['100000', undefined],
  ['99999999', '100000000'],
  ['300', '200'],
];

async function expectAmountCounts(label: string): Promise<void> {
  for (const [min, max] of AMOUNT_RANGES) {
    const where = sql.join(
      [
        min ? sql`total_buy_amount_usd >= ${min}::numeric` : sql`true`,
        max ? sql`total_buy_amount_usd <= ${max}::numeric` : sql`true`,
      ],
      sql` AND `,
    );
    expect(
      await countUsers(db, {
        totalBuyAmountMoreThanOrEqual: min,
        totalBuyAmountLessThanOrEqual: max,
      }),
      `${label} ${min}..${max}`,
    ).toBe(await plainCount(where, 'end_users'));
  }
}

async function expectAffiliateCount(label: string): Promise<void> {
  const page = await listAffiliateAggregates(db, {}, { limit: 1, offset: 0 });
  expect(page.totalRecords, label).toBe(
    await plainCount(sql`affiliate_remittance_count > 0`, 'end_users'),
  );
}

async function expectPlanCounts(label: string): Promise<void> {
  const plans = await db.selectFrom('saving_plans').select(['id', 'name']).execute();
  for (const plan of plans) {
    const page = await listSavingRemittances(db, { planName: plan.name }, { limit: 1, offset: 0 });
    expect(page.totalRecords, `${label} ${plan.name}`).toBe(
      await plainCount(sql`saving_plan_id = ${plan.id}`, 'saving_remittances'),
    );
  }
}

async function expectCounts(label: string): Promise<void> {
  await expectPaymentCounts(label);
  await expectAmountCounts(label);
  await expectAffiliateCount(label);
  await expectPlanCounts(label);
}

/** Every count equals its plain COUNT(*), and every bucket equals the counted records. */
async function expectAll(label: string): Promise<void> {
  await expectCounts(label);
  expect(await verifyPopulation(db), label).toEqual([]);
}

describe('count buckets (0018)', () => {
  it('answer the generated population exactly', async () => {
    await expectAll('generated');
  });

  it('follow payments through insert, confirmation, asset fixing, date changes and deletes', async () => {
    const user = await addUser();
    // Rows at the edges of the ranges above, down to the microsecond.
    const ids = [
      await addPayment(user, '100', '2026-03-01T00:00:00.000Z'),
      await addPayment(user, '100', '2026-03-31T23:59:59.999Z'),
      await addPayment(user, '100', '2026-03-31T23:59:59.999500Z'),
      await addPayment(user, '100', '2026-04-01T00:00:00.000Z', '2026-04-04T00:00:00.000Z'),
      await addPayment(user, '100', '2026-03-10T12:00:00.000Z', '2026-03-14T00:00:00.000Z'),
      await addPayment(user, '100', '2026-03-03T23:59:59.999Z', '2026-03-03T23:59:59.999Z'),
      await addPayment(user, '100'),
    ];
    await expectAll('after inserts');

    // A correction moves a payment to another day; a bulk update moves several at once.
    await db
      .updateTable('payments')
      .set({ confirmed_at: '2026-02-28T12:00:00.000Z' })
      .where('id', '=', ids[0]!)
      .execute();
    await db
      .updateTable('payments')
      .set({ asset_fixed_at: '2026-04-10T00:00:00.000Z' })
      .where('id', 'in', [ids[3]!, ids[4]!])
      .execute();
    await db
      .updateTable('payments')
      .set({ status: 'canceled', canceled_at: '2026-03-11T00:00:00.000Z' })
      .where('id', '=', ids[6]!)
      .execute();
    await expectAll('after date changes');

    await db.deleteFrom('payments').where('id', 'in', [ids[1]!, ids[2]!, ids[5]!]).execute();
    await expectAll('after deletes');
  });

  it('follow totalBuyAmountUsd across amount bands, and users in and out of the affiliate list', async () => {
    const a = await addUser();
    const b = await addUser();
    // Exactly on band starts, just below them, and into the open top band.
    await addPayment(a, '1000', '2026-05-01T10:00:00.000Z');
    await addPayment(b, '99.99', '2026-05-01T10:00:00.000Z');
    await expectAll('after first payments');
    const big = await addPayment(a, '19000', '2026-05-02T10:00:00.000Z');
    await addPayment(b, '0.01', '2026-05-02T10:00:00.000Z');
    await addPayment(b, '4900', '2026-05-03T10:00:00.000Z');
    await expectAll('after crossing bands');
    await db.updateTable('payments').set({ paid_usd: '24000.5' }).where('id', '=', big).execute();
    await expectAll('after a changed amount');
    await db.deleteFrom('payments').where('id', '=', big).execute();
    await expectAll('after a deleted payment');

    const remittance = await db
      .insertInto('affiliate_remittances')
      .values({
        end_user_id: a,
        address: '0xbucket',
        sent_hec: '10',
        hec_principal: '8',
        atem_principal: '1',
        usd_valuation: '2.5',
        transaction_hash: `0xbucket${a}`,
        confirmed_at: new Date('2026-05-04T00:00:00.000Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('affiliate_remittances')
      .values({
        end_user_id: a,
        address: '0xbucket',
        sent_hec: '1',
        hec_principal: '1',
        atem_principal: '0',
        usd_valuation: '0.25',
        transaction_hash: `0xbucket${a}b`,
        confirmed_at: new Date('2026-05-05T00:00:00.000Z'),
      })
      .execute();
    await expectAll('after referral-plan remittances');
    // Moving one to another user: the first stays in the list, the second joins it.
    await db
      .updateTable('affiliate_remittances')
      .set({ end_user_id: b })
      .where('id', '=', remittance.id)
      .execute();
    await expectAll('after moving a remittance');
    await db.deleteFrom('affiliate_remittances').where('end_user_id', 'in', [a, b]).execute();
    await expectAll('after deleting the remittances');

    // A user inserted with totals already set (as an import would) joins its band and the
    // affiliate list, and deleting it takes it out again. Its totals have no records behind
    // them, so only the counts are compared until it is gone.
    const imported = await db
      .insertInto('end_users')
      .values({
        user_name: `bucket_import_${next}`,
        invite_code: `BKI${next++}`,
        email: `bucket_import${next}@example.com`,
        aube_user_id_hash: `bucket_import${next}`,
        first_name: 'Bucket',
        last_name: 'Import',
        total_buy_amount_usd: '25000',
        affiliate_remittance_count: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expectCounts('after inserting a user with totals');
    await db.deleteFrom('end_users').where('id', '=', imported.id).execute();
    await db.deleteFrom('payments').where('end_user_id', '=', b).execute();
    await db.deleteFrom('end_users').where('id', '=', b).execute();
    await expectAll('after deleting users');
  });

  it('follow coin-saving remittances per plan through insert, plan change and delete', async () => {
    const address = await db
      .selectFrom('saving_deposit_addresses')
      .select(['id', 'end_user_id', 'saving_plan_id'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const row = await db
      .insertInto('saving_remittances')
      .values({
        end_user_id: address.end_user_id,
        saving_plan_id: address.saving_plan_id,
        deposit_address_id: address.id,
        sent_hec: '5',
        usd_value: '1',
        transaction_hash: `0xsavingbucket${next++}`,
        confirmed_at: new Date('2026-06-01T00:00:00.000Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expectAll('after a remittance');
    await db
      .updateTable('saving_remittances')
      .set({ saving_plan_id: address.saving_plan_id === 1 ? 2 : 1 })
      .where('id', '=', row.id)
      .execute();
    await expectAll('after a plan change');
    await db.deleteFrom('saving_remittances').where('id', '=', row.id).execute();
    await expectAll('after a delete');
  });

  it('the list calls answer the same totals over HTTP', async () => {
    const gql = async (query: string, variables: Record<string, unknown>) => {
      const result = await t.gql<Record<string, { pagination: { totalRecords: number } }>>(
        query,
        variables,
        token,
      );
      expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
      return Object.values(result.data!)[0]!.pagination.totalRecords;
    };
    expect(
      await gql(
        'query Q($min: Decimal, $max: Decimal) { users(totalBuyAmountMoreThanOrEqual: $min, totalBuyAmountLessThanOrEqual: $max) { pagination { totalRecords } } }',
        { min: '150.5', max: '5000' },
      ),
    ).toBe(await plainCount(sql`total_buy_amount_usd BETWEEN 150.5 AND 5000`, 'end_users'));
    expect(
      await gql(
        'query P($input: UserPaymentsInput) { userPayments(input: $input) { pagination { totalRecords } } }',
        {
          input: {
            assetFixedAtFrom: '2026-03-03T12:00:00.000Z',
            assetFixedAtUntil: '2026-06-04T00:00:00.000Z',
          },
        },
      ),
    ).toBe(
      await plainCount(
        sql`asset_fixed_at BETWEEN '2026-03-03T12:00:00.000Z' AND '2026-06-04T00:00:00.000Z'`,
        'payments',
      ),
    );
    expect(await gql('{ affiliateSavingAggregates { pagination { totalRecords } } }', {})).toBe(
      await plainCount(sql`affiliate_remittance_count > 0`, 'end_users'),
    );
    const [plan] = await db.selectFrom('saving_plans').select(['id', 'name']).execute();
    expect(
      await gql(
        'query Q($p: String) { userSavings(planName: $p) { pagination { totalRecords } } }',
        {
          p: plan!.name,
        },
      ),
    ).toBe(await plainCount(sql`saving_plan_id = ${plan!.id}`, 'saving_remittances'));
  });

  it('hold only keys the typed builders make (the triggers and the generator spell them alike)', async () => {
    const rows = await db.selectFrom('row_counts').select(['relation', 'bucket']).execute();
    const plans = (await db.selectFrom('saving_plans').select('id').execute()).map((p) => p.id);
    const b = countBuckets;
    const known = new Set<string>(
      [
        b.end_users.all,
        b.end_users.affiliateRemitter,
        ...Array.from({ length: 7 }, (_, s) => b.end_users.cardStatus(s)),
        ...Array.from({ length: 201 }, (_, band) => b.end_users.buyUsdBand(band * 100)),
        ...PURCHASE_RANGES.map((_, range) => b.end_users.buyRange(range)),
      ].map((k) => `end_users ${k}`),
    );
    const add = (relation: string, keys: readonly string[]) =>
      keys.forEach((k) => known.add(`${relation} ${k}`));
    add('payments', [b.payments.all, ...PAYMENT_STATUSES.map(b.payments.status)]);
    add('saving_remittances', [b.saving_remittances.all, ...plans.map(b.saving_remittances.plan)]);
    add('saving_deposit_addresses', [
      b.saving_deposit_addresses.all,
      ...plans.map(b.saving_deposit_addresses.plan),
    ]);
    add('affiliate_remittances', [b.affiliate_remittances.all]);
    add('user_contacts', [
      b.user_contacts.all,
      ...CONTACT_STATUSES.map(b.user_contacts.status),
      ...CONTACT_STATUSES.map(b.user_contacts.unassignedStatus),
    ]);
    add('withdrawal_requests', [
      b.withdrawal_requests.all,
      ...WITHDRAWAL_KINDS.flatMap((kind) => [
        b.withdrawal_requests.kind(kind),
        ...WITHDRAWAL_STATUSES.map((status) => b.withdrawal_requests.kindStatus(kind, status)),
      ]),
    ]);
    const dayRanges = [
      b.payments.confirmedDays,
      b.payments.assetFixedDays,
      b.end_users.registeredDays,
      ...WITHDRAWAL_KINDS.flatMap((kind) =>
        WITHDRAWAL_STATUSES.map((status) => b.withdrawal_requests.requestedDays(kind, status)),
      ),
      ...CONTACT_STATUSES.map(b.user_contacts.contactedDays),
    ];
    // Day-and-value keys: rebuilt with their builder from the day and value they carry.
    const dayValueKey = /^registered_(card|buy_range):(\d{4}-\d{2}-\d{2}):(\d+)$/;
    const builtAlike = (bucket: string) => {
      const m = dayValueKey.exec(bucket);
      if (!m) return false;
      const [, kind, day, value] = m;
      const rebuilt =
        kind === 'card'
          ? b.end_users.registeredCard(day!, Number(value))
          : b.end_users.registeredBuyRange(day!, Number(value));
      return rebuilt === bucket;
    };
    // Name and email prefixes (0130): rebuilt from the text they carry.
    const prefixKey = /^(name|email)[12]:(.*)$/s;
    const prefixAlike = (bucket: string) => {
      const m = prefixKey.exec(bucket);
      if (!m) return false;
      const of = m[1] === 'name' ? b.end_users.namePrefix : b.end_users.emailPrefix;
      return of(m[2]!) === bucket;
    };
    const unknown = rows.filter(
      (row) =>
        !known.has(`${row.relation} ${row.bucket}`) &&
        !(row.relation === 'end_users' && (builtAlike(row.bucket) || prefixAlike(row.bucket))) &&
        !dayRanges.some(
          (range) =>
            row.relation === range.relation &&
            row.bucket.startsWith(range.prefix) &&
            /^\d{4}-\d{2}-\d{2}$/.test(row.bucket.slice(range.prefix.length)),
        ) &&
        // Amount bands (0230): a zero band or an exponent and two leading digits.
        !WITHDRAWAL_KINDS.some((kind) =>
          WITHDRAWAL_STATUSES.some((status) => {
            const range = b.withdrawal_requests.amountBands(kind, status);
            return (
              row.relation === range.relation &&
              row.bucket.startsWith(range.prefix) &&
              /^(00|\d{2}[1-9]\d)$/.test(row.bucket.slice(range.prefix.length))
            );
          }),
        ),
    );
    expect(rows.length).toBeGreaterThan(100);
    expect(unknown).toEqual([]);
  });
});

describe('name and email prefix buckets (0130)', () => {
  /** countUsers of every one- and two-character prefix (and a few absent ones) = COUNT(*). */
  async function expectPrefixCounts(label: string): Promise<void> {
    const users = await db.selectFrom('end_users').select(['user_name', 'email']).execute();
    const prefixes = new Set(['zq', 'Q', '_', '%', 'é']);
    for (const u of users)
      for (const v of [u.user_name, u.email]) {
        prefixes.add(v.slice(0, 1));
        prefixes.add(v.slice(0, 2).toUpperCase());
      }
    for (const prefix of prefixes) {
      for (const [field, column] of [
        ['userName', 'user_name'],
        ['email', 'email'],
      ] as const) {
        expect(await countUsers(db, { [field]: prefix }), `${label} ${field} '${prefix}'`).toBe(
          await plainCount(
            sql`lower(${sql.ref(column)}) LIKE ${prefixPattern(prefix)}`,
            'end_users',
          ),
        );
      }
    }
    expect(await verifyPopulation(db), label).toEqual([]);
  }

  it('count every short prefix exactly, through inserts, renames and deletes', async () => {
    await expectPrefixCounts('generated');
    const a = await addUser();
    const b = await addUser();
    await expectPrefixCounts('after inserts');
    await db
      .updateTable('end_users')
      .set({ user_name: `Zq_renamed_${next++}`, email: `Q${next}@example.com` })
      .where('id', '=', a)
      .execute();
    await db.updateTable('end_users').set({ user_name: 'q' }).where('id', '=', b).execute();
    await expectPrefixCounts('after renames');
    await db.deleteFrom('end_users').where('id', 'in', [a, b]).execute();
    await expectPrefixCounts('after deletes');
  });
});

describe('migration 0018 on a database loaded before it', () => {
  // Loads a population and applies every migration since 0018 (and 0130's prefix buckets, also
  // deleted below): 25-30 s on a machine shared with other suites, hence its own timeout.
  it('backfills the new buckets from the rows already there', async () => {
    // Migrate up to 0017 only, load a population, and remove the buckets a generator of that
    // time did not write; then apply the remaining migrations.
    const before = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-0017-'));
    for (const file of await fs.readdir(MIGRATIONS_DIR))
      if (/^\d{4}_/.test(file) && file < '0018')
        await fs.copyFile(path.join(MIGRATIONS_DIR, file), path.join(before, file));
    const database = await createTestDatabase({ migrationsDir: before });
    try {
      // Today's generator also writes the column 0050 adds: give it one while loading and
      // remove it before migrating, so 0050's own backfill is checked here too.
      await sql`ALTER TABLE asset_stats_daily ADD COLUMN hec_referral_bonus numeric NOT NULL DEFAULT 0`.execute(
        database.db,
      );
      // …and the column 0065 adds (support lane), dropped again before migrating.
      await sql`ALTER TABLE user_contacts ADD COLUMN status_changed_at timestamptz`.execute(
        database.db,
      );
      // Likewise the withdrawal status `approved` of 0070 (issue #14), which 0070 re-checks.
      await sql`ALTER TABLE withdrawal_requests DROP CONSTRAINT withdrawal_requests_status_check,
        ADD CONSTRAINT withdrawal_requests_status_check CHECK (status IN ('requested', 'approved',
          'processing', 'completed', 'failed', 'rejected'))`.execute(database.db);
      // …and the registration id bounds of 0155, dropped before migrating so that 0155's
      // backfill is what the verification checks.
      await sql`CREATE TABLE end_users_registered_id_bounds (day date PRIMARY KEY,
        min_id integer NOT NULL, max_id integer NOT NULL)`.execute(database.db);
      // The approvals table is 0070's too: the demo's approval rows cannot be written yet.
      await seedDemoPopulation(database.db, { users: 200, seed: 11, approvals: false });
      await sql`DELETE FROM row_counts WHERE starts_with(bucket, 'confirmed_day:')
        OR starts_with(bucket, 'asset_fixed_day:') OR starts_with(bucket, 'buy_usd_band:')
        OR bucket = 'affiliate_remitter' OR (relation = 'saving_remittances' AND bucket <> 'all')
        OR starts_with(bucket, 'registered_') OR starts_with(bucket, 'buy_range:')
        OR starts_with(bucket, 'name') OR starts_with(bucket, 'email')
        OR (relation = 'user_contacts' AND bucket LIKE 'status:%:contacted_day:%')`.execute(
        database.db,
      );
      // The checks count days with 0150's business_day(): a stand-in in the default zone, which
      // the generator used too, dropped before 0150 creates the real one.
      await sql`CREATE FUNCTION business_day(at timestamptz) RETURNS date LANGUAGE sql STABLE
        AS $$ SELECT (at AT TIME ZONE 'Asia/Tokyo')::date $$`.execute(database.db);
      // Likewise 0230's amount bands, which the checks recount (any stand-in: the check fails).
      await sql`CREATE FUNCTION withdrawal_amount_band(a numeric) RETURNS text LANGUAGE sql
        IMMUTABLE AS $$ SELECT '00' $$`.execute(database.db);
      expect(await verifyPopulation(database.db)).not.toEqual([]);
      await sql`DROP FUNCTION business_day(timestamptz)`.execute(database.db);
      await sql`DROP FUNCTION withdrawal_amount_band(numeric)`.execute(database.db);
      await sql`ALTER TABLE asset_stats_daily DROP COLUMN hec_referral_bonus`.execute(database.db);
      await sql`ALTER TABLE user_contacts DROP COLUMN status_changed_at`.execute(database.db);
      await sql`DROP TABLE end_users_registered_id_bounds`.execute(database.db);
      expect(await migrate(database.db)).toEqual(
        expect.arrayContaining(['0018', '0050', '0051', '0130', '0150', '0155', '0156', '0230']),
      );
      expect(await verifyPopulation(database.db)).toEqual([]);
      expect(
        await countUsers(database.db, {
          totalBuyAmountMoreThanOrEqual: '1000',
          totalBuyAmountLessThanOrEqual: '5000',
        }),
      ).toBe(
        Number(
          (
            await sql<{
              n: string;
            }>`SELECT count(*) AS n FROM end_users WHERE total_buy_amount_usd BETWEEN 1000 AND 5000`.execute(
              database.db,
            )
          ).rows[0]!.n,
        ),
      );
    } finally {
      await database.close();
      await fs.rm(before, { recursive: true, force: true });
    }
  }, 120_000);
});
