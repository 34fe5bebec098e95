import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { createCompiledQueryCache } from './compiled-query-cache';

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('compiled query cache', () => {
  it('builds a shape once and substitutes each call’s values', async () => {
    const run = createCompiledQueryCache();
    let builds = 0;
    const plansOver = (price: string) =>
      run(database.db, 'plans-over', { price }, (param) => {
        builds++;
        return database.db
          .selectFrom('saving_plans')
          .select('id')
          .where('reward_rate', '>', param('price'))
          .orderBy('id');
      });
    const all = await database.db
      .selectFrom('saving_plans')
      .select(['id', 'reward_rate'])
      .orderBy('id')
      .execute();
    const cheapest = all.reduce(
      (min, p) => (Number(p.reward_rate) < Number(min) ? p.reward_rate : min),
      all[0]?.reward_rate ?? '0',
    );
    expect(all.length).toBeGreaterThan(1);
    expect((await plansOver('-1')).map((r) => r.id)).toEqual(all.map((p) => p.id));
    expect((await plansOver(cheapest)).map((r) => r.id)).toEqual(
      all.filter((p) => Number(p.reward_rate) > Number(cheapest)).map((p) => p.id),
    );
    expect(builds).toBe(1);
  });

  it('runs a shape on a transaction through its own connection, seeing its writes', async () => {
    const run = createCompiledQueryCache();
    const named = (db: Parameters<typeof run>[0], name: string) =>
      run(db, 'plan-named', { name }, (param) =>
        database.db.selectFrom('saving_plans').select('name').where('name', '=', param('name')),
      );
    const plan = await database.db
      .selectFrom('saving_plans')
      .select(['id', 'name'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('saving_plans')
          .set({ name: `${plan.name} (renamed)` })
          .where('id', '=', plan.id)
          .execute();
        expect(await named(trx, `${plan.name} (renamed)`)).toHaveLength(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await named(database.db, plan.name)).toHaveLength(1);
    expect(await named(database.db, `${plan.name} (renamed)`)).toHaveLength(0);
  });

  it('refuses a call that lacks a value the shape needs', async () => {
    const run = createCompiledQueryCache();
    await expect(
      run(database.db, 'k', {}, (param) =>
        database.db.selectFrom('saving_plans').select('id').where('name', '=', param('name')),
      ),
    ).rejects.toThrow(/no value for parameter name/);
  });
});
