import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database';
import { USERS_LIST } from '../../src/modules/users/users-list';
import { usersExportQuery } from '../../src/modules/users/users-repository';
import { seedDemoPopulation } from '../../src/seed/population/demo-population';
import { createTestDatabase } from '../test-database';
import { PHONE_USERS_LIST, PHONE_USERS_SQL } from './phone-prefix-filter';

// The worked example of docs/list-conventions.md ("Adding a filter") is this folder's code:
// the document quotes it word for word, and the quoted lines do what the document says.
const read = (file: string) => fs.readFileSync(path.resolve(import.meta.dirname, file), 'utf8');
const EXAMPLE = read('phone-prefix-filter.ts');
const MIGRATION = read('phone-prefix-index.sql');
const DOC = read('../../../../docs/list-conventions.md');

/** The example's quoted parts by their mark, each dedented as the document shows it. */
function quotedParts(source: string): Map<string, string> {
  const parts = new Map<string, string>();
  let name: string | undefined;
  let lines: string[] = [];
  for (const line of source.split('\n')) {
    const mark = /^\s*\/\/ docs: (.+)$/.exec(line)?.[1];
    if (mark === undefined) {
      if (name !== undefined) lines.push(line);
    } else if (mark === 'end' && name !== undefined) {
      const indent = Math.min(...lines.map((l) => /^ */.exec(l)![0].length));
      parts.set(name, lines.map((l) => l.slice(indent)).join('\n'));
      name = undefined;
    } else {
      name = mark;
      lines = [];
    }
  }
  return parts;
}

describe('the worked example of docs/list-conventions.md', () => {
  it('is quoted by the document word for word: the lines, their places and the migration', () => {
    const parts = quotedParts(EXAMPLE);
    expect([...parts.keys()].map((k) => k.split(' (')[0])).toEqual(['declaration', 'condition']);
    for (const [mark, text] of parts) {
      const place = /\((.+)\)$/.exec(mark)![1]!;
      expect(DOC, `the document's ${mark}`).toContain(`// ${place}\n${text}\n`);
    }
    expect(DOC).toContain(MIGRATION.trim());
  });

  describe('on a database', () => {
    let database: Database;
    beforeAll(async () => {
      database = await createTestDatabase();
      await seedDemoPopulation(database.db, { users: 60, seed: 7 });
      await sql.raw(MIGRATION).execute(database.db);
      // A third of the users in Japan, the rest in the US; one number with a `_` where the
      // prefix has a space, which a LIKE wildcard would match.
      await sql`UPDATE end_user_details SET phone_number = CASE
          WHEN end_user_id % 3 = 0 THEN '+81 90 ' || end_user_id
          WHEN end_user_id = 1 THEN '+81_90 1'
          ELSE '+1 415 ' || end_user_id END`.execute(database.db);
    });
    afterAll(async () => {
      await database?.close();
    });

    it('lists, counts and exports exactly the users whose phone number starts with the prefix', async () => {
      const db = database.db;
      // The service's plain values (trimmed) and the export link's parse take the new filter.
      const filter = PHONE_USERS_LIST.values({ phoneNumberPrefix: '  +81 90 ', cardStatus: [] });
      expect(filter).toEqual({ phoneNumberPrefix: '+81 90' });
      expect(PHONE_USERS_LIST.exportFilters({ phoneNumberPrefix: '+81 90' })).toEqual(filter);
      expect(PHONE_USERS_SQL.countRule.phoneNumberPrefix).toBe('index');

      const expected = await db
        .selectFrom('end_user_details')
        .select('end_user_id')
        .where(sql<boolean>`starts_with(phone_number, '+81 90')`)
        .orderBy('end_user_id', 'desc')
        .execute();
      const ids = expected.map((r) => r.end_user_id);
      expect(ids.length).toBeGreaterThan(10);

      // The repository's parameters and WHERE from the table with the new entry.
      const values = PHONE_USERS_SQL.filterValues(filter);
      expect(values).toEqual({ phoneNumberPrefix: '+81 90%' });
      const param = <T>(name: string): T => values[name] as T;
      const matching = () =>
        PHONE_USERS_SQL.applyParams(db.selectFrom('end_users as u'), values, param);
      const count = await matching()
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(ids.length);
      // The CSV: the export's query, in the list's default order (id, newest first).
      const file = await usersExportQuery(db, {}, USERS_LIST.defaultSort)
        .where('u.id', 'in', matching().select('u.id'))
        .execute();
      expect(file.map((r) => r.id)).toEqual(ids);
      expect(file.every((r) => r.phoneNumber?.startsWith('+81 90'))).toBe(true);
    });

    it('is served by the migration’s index', async () => {
      const plan = await database.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const { rows } = await sql<Record<string, string>>`EXPLAIN SELECT end_user_id
          FROM end_user_details WHERE phone_number LIKE '+81 90%'`.execute(trx);
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
      expect(plan).toContain('end_user_details_phone_prefix');
    });
  });
});
