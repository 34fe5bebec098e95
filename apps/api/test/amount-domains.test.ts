import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMOUNT_DOMAINS, domainCheckSql, type AmountDomainName } from '@app/shared';
import type { Database } from '../src/db/database';
import { checkCell } from '../src/platform/imports';
import { createTestDatabase } from './test-database';

/**
 * The amount domains are declared once (@app/shared AMOUNT_DOMAINS): the migrated database's
 * domains are exactly that declaration (compared by the engine's own normalised text of a
 * domain made from it), and the CSV cell rule built on it accepts exactly the values the
 * domain accepts at every edge, on PGlite and PostgreSQL alike.
 */
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

class Rollback extends Error {}

/** The domains' CHECK definitions as the engine prints them. */
async function definitions(names: readonly string[]): Promise<Record<string, string[]>> {
  const rows = await sql<{ domain: string; def: string }>`
    SELECT t.typname AS domain, pg_get_constraintdef(c.oid) AS def
    FROM pg_constraint c JOIN pg_type t ON t.oid = c.contypid
    WHERE t.typtype = 'd' AND t.typname = ANY(${[...names]}::text[])
    ORDER BY t.typname, c.conname`.execute(database.db);
  const out: Record<string, string[]> = {};
  for (const r of rows.rows) (out[r.domain] ??= []).push(r.def);
  return out;
}

describe('amount domains', () => {
  const names = Object.keys(AMOUNT_DOMAINS) as AmountDomainName[];

  it('the database has exactly the declared domains', async () => {
    const actual = await definitions(names);
    // A domain made from the declaration, printed by the same engine, in a transaction that
    // is rolled back: the comparison does not depend on how the engine spells a CHECK.
    let declared: Record<string, string[]> = {};
    await database.db
      .transaction()
      .execute(async (trx) => {
        for (const name of names) {
          await sql`CREATE DOMAIN ${sql.id(`declared_${name}`)} AS numeric CONSTRAINT ${sql.id(`${name}_check`)} CHECK (${sql.raw(domainCheckSql(name))})`.execute(
            trx,
          );
        }
        const rows = await sql<{ domain: string; def: string }>`
          SELECT t.typname AS domain, pg_get_constraintdef(c.oid) AS def
          FROM pg_constraint c JOIN pg_type t ON t.oid = c.contypid
          WHERE t.typtype = 'd' AND t.typname LIKE 'declared\\_%'
          ORDER BY t.typname, c.conname`.execute(trx);
        declared = {};
        for (const r of rows.rows)
          (declared[r.domain.slice('declared_'.length)] ??= []).push(r.def);
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    expect(Object.keys(actual).sort()).toEqual([...names].sort());
    expect(actual).toEqual(declared);
  });

  it('the cell rule accepts exactly what each domain accepts, at every edge', async () => {
    for (const name of names) {
      const { scale, integerDigits } = AMOUNT_DOMAINS[name];
      const nines = '9'.repeat(integerDigits);
      const values = [
        '0',
        '-0',
        '-0.00',
        '1',
        `0.${'0'.repeat(scale - 1)}1`,
        `0.${'0'.repeat(scale)}1`,
        `1.${'0'.repeat(scale + 1)}`,
        nines,
        `${nines}.${'9'.repeat(scale)}`,
        `1${'0'.repeat(integerDigits)}`,
        `0000${nines}`,
        `0000${nines}9`,
        '-1',
        '-0.5',
      ];
      for (const value of values) {
        const parsed = checkCell({ type: 'decimal', domain: name, aliases: [] }, value).ok;
        const stored = await sql<{
          ok: boolean;
        }>`SELECT ${value}::numeric::${sql.id(name)} IS NOT NULL AS ok`
          .execute(database.db)
          .then(
            () => true,
            () => false,
          );
        expect([name, value, parsed]).toEqual([name, value, stored]);
      }
    }
  });
});
