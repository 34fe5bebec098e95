import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { CARD_STATUSES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema';
import { WITHDRAWAL_KINDS, WITHDRAWAL_STATUSES } from '../src/db/tables/domain-tables';
import { seedDemoPopulation } from '../src/seed/population/demo-population';
import { generatePopulation } from '../src/seed/population/generate-population';
import type { RowSink } from '../src/seed/population/tables';
import { verifyPopulation } from '../src/seed/population/verify-population';
import { createTestDatabase } from './test-database';

// A small population keeps the suite fast on PGlite; the invariants do not depend on size.
const USERS = 300;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Kysely<DB>;
let nextUser = 100_000;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoPopulation(db, { users: USERS, seed: 42 });
});

afterAll(async () => {
  await database?.close();
});

async function expectError(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  await expect(promise).rejects.toThrow(pattern);
}

/** Inserts an end user through the triggers, as a service would. */
async function addUser(parentId: number | null): Promise<number> {
  const n = nextUser++;
  const row = await db
    .insertInto('end_users')
    .values({
      user_name: `test_user_${n}`,
      invite_code: `TST${n}`,
      parent_id: parentId,
      email: `test${n}@example.com`,
      aube_user_id_hash: `hash${n}`,
      first_name: 'Test',
      last_name: 'User',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addPayment(userId: number, amounts: { paidUsd?: string } = {}): Promise<string> {
  const row = await db
    .insertInto('payments')
    .values({
      end_user_id: userId,
      plan_id: 1,
      price_usd: '100',
      paid_usd: amounts.paidUsd ?? '100.25',
      paid_btc: '0.00123456',
      payment_address: `bc1qtest${nextUser++}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addWithdrawal(userId: number, values: { hash?: string } = {}): Promise<string> {
  const row = await db
    .insertInto('withdrawal_requests')
    .values({
      kind: 'bonus_reward',
      end_user_id: userId,
      coin_type: 'HEC',
      amount: '10.5',
      fee: '0.5',
      net_amount: '10',
      receiver_address: '0xabc',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (values.hash) await complete(row.id, values.hash);
  return row.id;
}

async function setStatus(
  id: string,
  status: (typeof WITHDRAWAL_STATUSES)[number],
  extra: Record<string, string> = {},
) {
  await db
    .updateTable('withdrawal_requests')
    .set({ status, ...extra })
    .where('id', '=', id)
    .execute();
}

/** requested -> approved (one admin's approval row) -> processing, as the console does it. */
async function toProcessing(id: string): Promise<void> {
  await db
    .insertInto('withdrawal_approvals')
    .values({ withdrawal_request_id: id, admin_user_name: 'test', revision: 1 })
    .execute();
  await setStatus(id, 'approved');
  await setStatus(id, 'processing');
}

async function complete(id: string, hash: string): Promise<void> {
  await toProcessing(id);
  await setStatus(id, 'completed', { transaction_hash: hash });
}

describe('generated population', () => {
  it('has every derived total equal to the sum of its records', async () => {
    expect(await verifyPopulation(db)).toEqual([]);
  });

  it('has withdrawals of all eight kinds in every state', async () => {
    const rows = await db
      .selectFrom('withdrawal_requests')
      .select(['kind', 'status'])
      .distinct()
      .execute();
    const seen = new Set(rows.map((r) => `${r.kind}/${r.status}`));
    for (const kind of WITHDRAWAL_KINDS) {
      for (const status of WITHDRAWAL_STATUSES)
        expect(seen.has(`${kind}/${status}`), `${kind}/${status}`).toBe(true);
    }
  });

  it('has payments and support inquiries in every status and referral trees up to 30 levels', async () => {
    const payments = await db.selectFrom('payments').select('status').distinct().execute();
    expect(payments.map((p) => p.status).sort()).toEqual([
      'asset_fixed',
      'canceled',
      'confirmed',
      'pending',
    ]);
    const contacts = await db.selectFrom('user_contacts').select('status').distinct().execute();
    expect(contacts.map((c) => c.status).sort()).toEqual(['backlog', 'closed', 'wip']);
    const { depth } = await db
      .selectFrom('end_users')
      .select((eb) => eb.fn.max('depth').as('depth'))
      .executeTakeFirstOrThrow();
    expect(depth).toBe(29);
  });

  it('is deterministic: the same seed gives the same rows', async () => {
    const digest = async (seed: number) => {
      const hash = createHash('sha256');
      const sink: RowSink = {
        write: (table, copyLine) => hash.update(table).update(copyLine),
        drain: async () => {},
      };
      await generatePopulation({ users: 200, seed }, sink);
      return hash.digest('hex');
    };
    expect(await digest(7)).toBe(await digest(7));
    expect(await digest(7)).not.toBe(await digest(8));
  });

  it('gives the same rows whether or not admins exist, apart from who inquiries are assigned to', async () => {
    const digest = async (adminIds: number[]) => {
      const hash = createHash('sha256');
      const assignees = new Set<string>();
      const sink: RowSink = {
        write: (table, copyLine) => {
          // user_contacts' assignee is the 7th column, and the kept counts of unassigned
          // inquiries follow it; everything else must not move.
          const fields = copyLine.split('\t');
          if (table === 'user_contacts') assignees.add(fields.splice(6, 1)[0] ?? '');
          if (table === 'row_counts' && fields[1]?.startsWith('unassigned:')) return;
          hash.update(table).update(fields.join('\t'));
        },
        drain: async () => {},
      };
      await generatePopulation({ users: 300, seed: 7, adminIds }, sink);
      return { digest: hash.digest('hex'), assignees: [...assignees].sort() };
    };
    const none = await digest([]);
    const three = await digest([1, 2, 3]);
    expect(three.digest).toBe(none.digest);
    expect(none.assignees).toEqual(['\\N']);
    expect(three.assignees).toEqual(['1', '2', '3', '\\N']);
  });
});

describe('derived totals kept by triggers', () => {
  it('stay equal to the sums through inserts, status changes, re-parenting and deletes', async () => {
    const root = await addUser(null);
    const child = await addUser(root);
    const grandchild = await addUser(child);
    const payment = await addPayment(grandchild);
    await db
      .updateTable('payments')
      .set({ status: 'confirmed', confirmed_at: new Date() })
      .where('id', '=', payment)
      .execute();
    await db
      .updateTable('payments')
      .set({
        status: 'asset_fixed',
        asset_fixed_at: new Date(),
        amount_eth: '0.000000000000000001',
        amount_hec: '0',
      })
      .where('id', '=', payment)
      .execute();
    const canceled = await addPayment(child, { paidUsd: '50' });
    await db
      .updateTable('payments')
      .set({ status: 'canceled', canceled_at: new Date() })
      .where('id', '=', canceled)
      .execute();
    await db
      .insertInto('affiliate_remittances')
      .values({
        end_user_id: grandchild,
        address: '0xdef',
        sent_hec: '12.000000000000000001',
        hec_principal: '10',
        atem_principal: '2',
        usd_valuation: '1.23',
        transaction_hash: `0xtrigger${root}`,
        confirmed_at: new Date(),
      })
      .execute();
    await db
      .insertInto('reward_entries')
      .values({
        end_user_id: child,
        kind: 'referral',
        coin_type: 'HEC',
        amount: '0.6',
        reward_date: '2026-10-01',
        source_user_id: grandchild,
      })
      .execute();

    const rootRow = await db
      .selectFrom('end_users')
      .selectAll()
      .where('id', '=', root)
      .executeTakeFirstOrThrow();
    expect(rootRow.descendants_count).toBe(2);
    expect(rootRow.children_count).toBe(1);
    expect(rootRow.subtree_buy_amount_usd).toBe('100.25');
    expect(rootRow.subtree_affiliate_sent_hec).toBe('12.000000000000000001');
    expect(await verifyPopulation(db)).toEqual([]);

    // Move the child's subtree under another user: counts and totals move with it.
    const other = await addUser(null);
    await db.updateTable('end_users').set({ parent_id: other }).where('id', '=', child).execute();
    const moved = await db
      .selectFrom('end_users')
      .select(['ancestry', 'depth'])
      .where('id', '=', grandchild)
      .executeTakeFirstOrThrow();
    expect(moved.ancestry).toEqual([other, child]);
    expect(await verifyPopulation(db)).toEqual([]);

    await db.deleteFrom('payments').where('id', '=', canceled).execute();
    await db.updateTable('end_users').set({ card_status: 6 }).where('id', '=', root).execute();
    expect(await verifyPopulation(db)).toEqual([]);
  });
});

describe('derived totals of multi-row statements (0021)', () => {
  // One statement changes many records of several users who share ancestors, across days; the
  // statement triggers must sum them per user, per ancestor and per day exactly as the
  // per-record definitions do.
  type Tree = { root: number; mid: number; users: number[] };

  /** root -> mid -> three users, and a fourth user under root, plus two generated users. */
  async function tree(): Promise<Tree> {
    const root = await addUser(null);
    const mid = await addUser(root);
    const users = [await addUser(mid), await addUser(mid), await addUser(mid), await addUser(root)];
    // Users of the generated population hang under hub users shared with everybody else.
    const generated = await db
      .selectFrom('end_users')
      .select('id')
      .where('depth', '>=', 3)
      .orderBy('id')
      .limit(2)
      .execute();
    return { root, mid, users: [...users, ...generated.map((u) => u.id)] };
  }

  async function user(id: number) {
    return db.selectFrom('end_users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  async function expectConsistent(label: string): Promise<void> {
    expect(await verifyPopulation(db), label).toEqual([]);
  }

  it('payments: one INSERT, UPDATEs of status, dates, amounts and owner, and one DELETE', async () => {
    const t = await tree();
    const days = ['2026-07-01', '2026-07-02', '2026-07-03'];
    const rows = t.users.flatMap((userId, u) =>
      Array.from({ length: 6 }, (_, k) => ({
        end_user_id: userId,
        plan_id: 1,
        price_usd: '100',
        // Amounts that move users across 100 USD bands.
        paid_usd: String(60 + 17 * k + u),
        paid_btc: '0.001',
        payment_address: `bc1qmulti${nextUser++}`,
        ...(k % 3 === 0
          ? {}
          : {
              status: 'confirmed' as const,
              confirmed_at: `${days[k % days.length]}T${String(k + 10)}:00:00.000Z`,
            }),
      })),
    );
    const inserted = await db.insertInto('payments').values(rows).returning('id').execute();
    const ids = inserted.map((r) => r.id);
    await expectConsistent('after a multi-row insert');
    const rootAfterInsert = await user(t.root);
    const mine = rows.slice(0, 4 * 6);
    expect(rootAfterInsert.subtree_buy_amount_usd).toBe(
      String(mine.filter((r) => 'status' in r).reduce((sum, r) => sum + Number(r.paid_usd), 0)),
    );

    // Confirm the pending ones (one statement), then fix assets of every confirmed one.
    await db
      .updateTable('payments')
      .set({ status: 'confirmed', confirmed_at: '2026-07-04T23:59:59.999Z' })
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .execute();
    await expectConsistent('after confirming many');
    await db
      .updateTable('payments')
      .set({
        status: 'asset_fixed',
        asset_fixed_at: '2026-07-05T00:00:00.000Z',
        amount_eth: '0.000000000000000123',
        amount_hec: '1.5',
      })
      .where(
        'id',
        'in',
        ids.filter((_, i) => i % 2 === 0),
      )
      .execute();
    await expectConsistent('after fixing assets of many');

    // Dates moved across days, amounts changed, payments moved between users sharing ancestors.
    await sql`UPDATE payments SET confirmed_at = confirmed_at + interval '1 day',
      asset_fixed_at = asset_fixed_at + interval '2 days' - interval '1 microsecond'
      WHERE id = ANY(${ids}::bigint[])`.execute(db);
    await expectConsistent('after moving dates');
    await sql`UPDATE payments SET paid_usd = paid_usd + 0.01 * (id % 5),
      end_user_id = CASE WHEN id % 3 = 0 THEN ${t.users[0]!}::int ELSE end_user_id END
      WHERE id = ANY(${ids}::bigint[])`.execute(db);
    await expectConsistent('after changing amounts and owners');

    // An UPDATE of other columns, and one of no rows, sum to nothing and write no user row.
    const before = await sql<{
      id: number;
      xmin: string;
    }>`SELECT id, xmin::text FROM end_users WHERE id = ANY(${[t.root, t.mid, ...t.users]}::int[]) ORDER BY id`.execute(
      db,
    );
    await sql`UPDATE payments SET payment_address = payment_address || 'x' WHERE id = ANY(${ids}::bigint[])`.execute(
      db,
    );
    await sql`UPDATE payments SET paid_usd = paid_usd WHERE id = ANY(${ids}::bigint[])`.execute(db);
    await sql`UPDATE payments SET paid_usd = 1 WHERE false`.execute(db);
    const after = await sql<{
      id: number;
      xmin: string;
    }>`SELECT id, xmin::text FROM end_users WHERE id = ANY(${[t.root, t.mid, ...t.users]}::int[]) ORDER BY id`.execute(
      db,
    );
    expect(after.rows).toEqual(before.rows);

    await db
      .deleteFrom('payments')
      .where(
        'id',
        'in',
        ids.filter((_, i) => i % 4 !== 1),
      )
      .execute();
    await expectConsistent('after a multi-row delete');
    await db.deleteFrom('payments').where('id', 'in', ids).execute();
    await expectConsistent('after deleting the rest');
    expect(Number((await user(t.root)).subtree_buy_amount_usd)).toBe(0);
  });

  it('remittances, rewards, snapshots and staking positions: multi-row INSERT, UPDATE and DELETE', async () => {
    const t = await tree();
    const tag = nextUser++;
    const remittances = await db
      .insertInto('affiliate_remittances')
      .values(
        t.users.flatMap((userId, u) =>
          [1, 2, 3].map((k) => ({
            end_user_id: userId,
            address: '0xmulti',
            sent_hec: `${k}.00000000000000000${u + 1}`,
            hec_principal: String(k),
            atem_principal: '0.5',
            usd_valuation: '1.25',
            transaction_hash: `0xmulti${tag}_${u}_${k}`,
            confirmed_at: new Date(`2026-08-0${k}T12:00:00.000Z`),
          })),
        ),
      )
      .returning('id')
      .execute();
    await expectConsistent('after inserting affiliate remittances');
    const remittanceIds = remittances.map((r) => r.id);
    await sql`UPDATE affiliate_remittances SET sent_hec = sent_hec * 2,
      end_user_id = CASE WHEN id % 2 = 0 THEN ${t.mid}::int ELSE end_user_id END
      WHERE id = ANY(${remittanceIds}::bigint[])`.execute(db);
    await expectConsistent('after updating affiliate remittances');
    // Users whose remittances all go leave the affiliate list.
    await db
      .deleteFrom('affiliate_remittances')
      .where('id', 'in', remittanceIds.slice(0, 5))
      .execute();
    await expectConsistent('after deleting affiliate remittances');

    const kinds = ['affiliate_interest', 'referral', 'bonus', 'proportional', 'staking'] as const;
    const entries = await db
      .insertInto('reward_entries')
      .values(
        t.users.flatMap((userId, u) =>
          kinds.map((kind, k) => ({
            end_user_id: userId,
            kind,
            coin_type:
              kind === 'proportional' || (kind === 'staking' && u % 2 === 0) ? 'ETH' : 'HEC',
            amount: `0.${u + 1}${k + 1}`,
            reward_date: `2026-08-1${(u + k) % 3}`,
            source_user_id: kind === 'referral' ? t.root : null,
          })),
        ),
      )
      .returning('id')
      .execute();
    await expectConsistent('after inserting rewards');
    const entryIds = entries.map((r) => r.id);
    await sql`UPDATE reward_entries SET amount = amount + 1, reward_date = reward_date + (id % 2)::int
      WHERE id = ANY(${entryIds}::bigint[])`.execute(db);
    await expectConsistent('after updating rewards');
    await db.deleteFrom('reward_entries').where('id', 'in', entryIds.slice(3)).execute();
    await expectConsistent('after deleting rewards');

    // Coin saving: a deposit address per user and plan, remittances, snapshots, positions.
    const addresses = await db
      .insertInto('saving_deposit_addresses')
      .values(
        t.users.slice(0, 4).map((userId) => ({
          end_user_id: userId,
          saving_plan_id: 1,
          address: `0xmultiaddr${tag}_${userId}`,
        })),
      )
      .returning(['id', 'end_user_id'])
      .execute();
    const saving = await db
      .insertInto('saving_remittances')
      .values(
        addresses.flatMap((a, i) =>
          [1, 2].map((k) => ({
            end_user_id: a.end_user_id,
            saving_plan_id: 1,
            deposit_address_id: a.id,
            sent_hec: `${i + k}.5`,
            usd_value: '1',
            transaction_hash: `0xmultisave${tag}_${a.id}_${k}`,
            confirmed_at: new Date('2026-08-20T00:00:00.000Z'),
          })),
        ),
      )
      .returning('id')
      .execute();
    await sql`UPDATE saving_remittances SET sent_hec = sent_hec + 0.25 WHERE id = ANY(${saving.map((r) => r.id)}::bigint[])`.execute(
      db,
    );
    const snapshots = await db
      .insertInto('reward_snapshots')
      .values(
        addresses.flatMap((a, i) =>
          ['2026-08-21', '2026-08-22'].map((day) => ({
            end_user_id: a.end_user_id,
            saving_plan_id: 1,
            reward_date: day,
            confirmed_date_ms: '0',
            maturity_date_ms: '1',
            amount: '1',
            total_amount: '1',
            base_rate: '0.05',
            tier_rate: '0',
            lock_rate: '0',
            total_bonus: '0',
            aube_rate: '0.1',
            aube_reward: '0.1',
            usd_rate: '1',
            total_usd: '1',
            owl_aube: '0',
            owl_rate: '0',
            owl_reward: `0.${i + 1}`,
          })),
        ),
      )
      .returning('id')
      .execute();
    const positions = await db
      .insertInto('staking_positions')
      .values(
        // Two users hold ETH only, so a statement can move their positions to HEC.
        addresses.flatMap((a, i) =>
          (i < 2 ? (['ETH'] as const) : (['ETH', 'HEC'] as const)).map((coin) => ({
            end_user_id: a.end_user_id,
            saving_plan_id: 1,
            coin_type: coin,
            current_balance: `${i + 1}.25`,
            deposited_aube: '0',
            aube_reward: '0',
            owl_reward: '0',
            aube_rate: '0',
            owl_rate: '0',
            wallet_address: '0xwallet',
          })),
        ),
      )
      .returning('id')
      .execute();
    await expectConsistent('after inserting coin-saving records');
    await sql`UPDATE reward_snapshots SET owl_reward = owl_reward * 3 WHERE id = ANY(${snapshots.map((r) => r.id)}::bigint[])`.execute(
      db,
    );
    await sql`UPDATE staking_positions SET current_balance = current_balance + 1,
      coin_type = CASE WHEN end_user_id = ANY(${addresses.slice(0, 2).map((a) => a.end_user_id)}::int[])
        THEN 'HEC' ELSE coin_type END
      WHERE id = ANY(${positions.map((r) => r.id)}::bigint[])`.execute(db);
    await expectConsistent('after updating coin-saving records');
    await db
      .deleteFrom('saving_remittances')
      .where(
        'id',
        'in',
        saving.map((r) => r.id),
      )
      .execute();
    await db
      .deleteFrom('reward_snapshots')
      .where(
        'id',
        'in',
        snapshots.map((r) => r.id),
      )
      .execute();
    await db
      .deleteFrom('staking_positions')
      .where(
        'id',
        'in',
        positions.map((r) => r.id),
      )
      .execute();
    await expectConsistent('after deleting coin-saving records');
  });
});

describe('referral tree', () => {
  it('rejects a user as its own parent or ancestor', async () => {
    const a = await addUser(null);
    const b = await addUser(a);
    const c = await addUser(b);
    await expectError(
      db.updateTable('end_users').set({ parent_id: a }).where('id', '=', a).execute(),
      /cycle|own/,
    );
    await expectError(
      db.updateTable('end_users').set({ parent_id: c }).where('id', '=', a).execute(),
      /cycle/,
    );
    // Ancestry cannot be forged either: it is derived, and checked against parent_id.
    await expectError(
      sql`UPDATE end_users SET ancestry = ARRAY[${c}::int], depth = 1 WHERE id = ${a}`.execute(db),
      /constraint/,
    );
  });
});

describe('withdrawal state machine', () => {
  it('allows requested -> approved -> processing -> completed | failed and requested | approved | processing -> rejected', async () => {
    const user = await addUser(null);
    const completed = await addWithdrawal(user);
    await complete(completed, `0xOK${user}`);
    const failed = await addWithdrawal(user);
    await toProcessing(failed);
    await setStatus(failed, 'failed', { failure_reason: 'node refused the transfer' });
    const rejectedEarly = await addWithdrawal(user);
    await setStatus(rejectedEarly, 'rejected', { reject_reason: 'duplicate' });
    const rejectedLate = await addWithdrawal(user);
    await toProcessing(rejectedLate);
    await setStatus(rejectedLate, 'rejected', { reject_reason: 'wrong address' });
    const rows = await db
      .selectFrom('withdrawal_requests')
      .select(['status', 'processing_at', 'completed_at', 'rejected_at'])
      .where('id', 'in', [completed, failed, rejectedEarly, rejectedLate])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['completed', 'failed', 'rejected', 'rejected']);
    expect(rows[0]?.completed_at).toBeInstanceOf(Date);
  });

  it('refuses every other transition', async () => {
    const user = await addUser(null);
    const w = await addWithdrawal(user);
    await expectError(
      setStatus(w, 'completed', { transaction_hash: `0xskip${user}` }),
      /not allowed/,
    );
    await expectError(setStatus(w, 'failed'), /not allowed/);
    await expectError(setStatus(w, 'processing'), /not allowed/); // approval comes first
    // Approved without an approval row: the state CHECK wants the approvals the trigger counted.
    await expectError(setStatus(w, 'approved'), /constraint/);
    await expectError(setStatus(w, 'rejected'), /constraint/); // a rejection needs a reason
    await complete(w, `0xdone${user}`);
    for (const status of ['requested', 'approved', 'processing', 'failed', 'rejected'] as const) {
      await expectError(setStatus(w, status, { reject_reason: 'x' }), /not allowed/);
    }
    await expectError(
      setStatus(w, 'completed', { transaction_hash: `0xother${user}` }),
      /cannot change/,
    );
    const r = await addWithdrawal(user);
    await setStatus(r, 'rejected', { reject_reason: 'no' });
    await expectError(setStatus(r, 'processing'), /not allowed/);
    await expectError(
      db
        .insertInto('withdrawal_requests')
        .values({
          kind: 'bonus_reward',
          end_user_id: user,
          coin_type: 'HEC',
          amount: '1',
          net_amount: '1',
          receiver_address: '0x1',
          status: 'completed',
        })
        .execute(),
      /starts as requested/,
    );
  });

  it('uses a transaction hash for at most one withdrawal, whatever its case and column', async () => {
    const user = await addUser(null);
    await addWithdrawal(user, { hash: `0xAbCdEf${user}` });
    const second = await addWithdrawal(user);
    await toProcessing(second);
    await expectError(
      setStatus(second, 'completed', { transaction_hash: `0xabcdef${user}` }),
      /already used/,
    );
    await expectError(
      db
        .updateTable('withdrawal_requests')
        .set({ eth_transaction_hash: `0XABCDEF${user}` })
        .where('id', '=', second)
        .execute(),
      /already used/,
    );
  });

  it('never pays the same source record twice', async () => {
    const source = await db
      .selectFrom('withdrawal_requests')
      .select(['end_user_id', 'saving_remittance_id'])
      .where('kind', '=', 'saving')
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow();
    await expectError(
      db
        .insertInto('withdrawal_requests')
        .values({
          kind: 'saving',
          end_user_id: source.end_user_id,
          coin_type: 'HEC',
          amount: '1',
          net_amount: '1',
          receiver_address: '0x1',
          saving_remittance_id: source.saving_remittance_id,
        })
        .execute(),
      /duplicate key|unique/,
    );
  });
});

describe('amounts and identifiers', () => {
  it('round-trips 1.000000000000000001 ETH exactly', async () => {
    const user = await addUser(null);
    const id = await addPayment(user);
    await db
      .updateTable('payments')
      .set({ status: 'confirmed', confirmed_at: new Date() })
      .where('id', '=', id)
      .execute();
    await db
      .updateTable('payments')
      .set({
        status: 'asset_fixed',
        asset_fixed_at: new Date(),
        amount_eth: '1.000000000000000001',
        amount_hec: '123456789.123456789012345678',
      })
      .where('id', '=', id)
      .execute();
    const row = await db
      .selectFrom('payments')
      .select(['amount_eth', 'amount_hec'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      amount_eth: '1.000000000000000001',
      amount_hec: '123456789.123456789012345678',
    });
    const u = await db
      .selectFrom('end_users')
      .select('total_eth_amount')
      .where('id', '=', user)
      .executeTakeFirstOrThrow();
    expect(u.total_eth_amount).toBe('1.000000000000000001');
  });

  it('rejects more decimals than the column allows instead of rounding', async () => {
    const user = await addUser(null);
    await expectError(addPayment(user, { paidUsd: '100.001' }), /usd_amount_check/);
    await expectError(
      db
        .insertInto('affiliate_remittances')
        .values({
          end_user_id: user,
          address: '0x',
          sent_hec: '1.0000000000000000001',
          hec_principal: '1',
          atem_principal: '0',
          usd_valuation: '1',
          transaction_hash: `0xdec${user}`,
          confirmed_at: new Date(),
        })
        .execute(),
      /coin_amount_check/,
    );
    await expectError(
      db
        .insertInto('payments')
        .values({
          end_user_id: user,
          plan_id: 1,
          price_usd: '1',
          paid_usd: '1',
          paid_btc: '0.000000001',
          payment_address: 'bc1q',
        })
        .execute(),
      /btc_amount_check/,
    );
    await expectError(addPayment(user, { paidUsd: '-1' }), /usd_amount_check/);
  });

  it('enforces card status 0-6, unique invite codes, deposit addresses and remittance hashes', async () => {
    const user = await addUser(null);
    // The database's CHECK and packages/shared's CARD_STATUSES (API and web) are one set.
    for (const status of CARD_STATUSES)
      await db
        .updateTable('end_users')
        .set({ card_status: status })
        .where('id', '=', user)
        .execute();
    for (const outside of [CARD_STATUSES[0] - 1, CARD_STATUSES.at(-1)! + 1])
      await expectError(
        db.updateTable('end_users').set({ card_status: outside }).where('id', '=', user).execute(),
        /card_status/,
      );
    const taken = await db
      .selectFrom('end_users')
      .select('invite_code')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    await expectError(
      db
        .updateTable('end_users')
        .set({ invite_code: taken.invite_code })
        .where('id', '=', user)
        .execute(),
      /invite_code/,
    );
    const address = await db
      .selectFrom('saving_deposit_addresses')
      .select('address')
      .limit(1)
      .executeTakeFirstOrThrow();
    await expectError(
      db
        .insertInto('saving_deposit_addresses')
        .values({
          end_user_id: user,
          saving_plan_id: 1,
          address: address.address.toUpperCase().replace('0X', '0x'),
        })
        .execute(),
      /address_key/,
    );
    const remittance = await db
      .selectFrom('saving_remittances')
      .selectAll()
      .limit(1)
      .executeTakeFirstOrThrow();
    await expectError(
      db
        .insertInto('saving_remittances')
        .values({
          end_user_id: remittance.end_user_id,
          saving_plan_id: remittance.saving_plan_id,
          deposit_address_id: remittance.deposit_address_id,
          sent_hec: '1',
          usd_value: '1',
          transaction_hash: remittance.transaction_hash.toUpperCase(),
          confirmed_at: new Date(),
        })
        .execute(),
      /tx_key/,
    );
  });

  it('allows only the payment status transitions of the design', async () => {
    const user = await addUser(null);
    const id = await addPayment(user);
    await expectError(
      db
        .updateTable('payments')
        .set({
          status: 'asset_fixed',
          confirmed_at: new Date(),
          asset_fixed_at: new Date(),
          amount_eth: '0',
          amount_hec: '0',
        })
        .where('id', '=', id)
        .execute(),
      /not allowed/,
    );
    await db
      .updateTable('payments')
      .set({ status: 'canceled', canceled_at: new Date() })
      .where('id', '=', id)
      .execute();
    await expectError(
      db
        .updateTable('payments')
        .set({ status: 'pending', canceled_at: null })
        .where('id', '=', id)
        .execute(),
      /not allowed/,
    );
  });
});
