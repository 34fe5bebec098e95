import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLANK_TEXT_EXAMPLES,
  INVISIBLE_RANGES,
  isBlankText,
  postgresInvisibleClass,
} from '@app/shared';
import type { DB } from '../src/db/schema';
import { MIGRATIONS_DIR } from '../src/db/migrator';
import { databaseErrorOf } from '../src/platform/db-errors';
import { createTestDatabase } from './test-database';

/**
 * "Blank is blank" in the database: migration 0120's has_visible_text(text) and the shared
 * isBlankText agree, on every code point and on the examples, on PostgreSQL and PGlite; the
 * required-text columns refuse a blank value whoever writes it.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Kysely<DB>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
}, 120_000);

afterAll(async () => {
  await database?.close();
});

async function refusedBy(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
    return undefined;
  } catch (error) {
    const found = databaseErrorOf(error);
    expect(found?.sqlState, String(error)).toBe('23514');
    return found?.constraint;
  }
}

describe('has_visible_text (migration 0120) agrees with isBlankText', () => {
  it('the migration’s bracket is the shared ranges, written by postgresInvisibleClass()', () => {
    const migration = fs.readFileSync(path.join(MIGRATIONS_DIR, '0120_visible_text.sql'), 'utf8');
    expect(migration).toContain(`SELECT t ~ '[^${postgresInvisibleClass()}]'`);
  });

  it('on every code point: the invisible ones in SQL are exactly INVISIBLE_RANGES', async () => {
    // Runs of consecutive code points whose one-character text has no visible text.
    const runs = await sql<{ lo: number; hi: number }>`
      SELECT min(n) AS lo, max(n) AS hi
        FROM (SELECT n, n - row_number() OVER (ORDER BY n) AS run
                FROM generate_series(1, 1114111) AS n
               WHERE (n < 55296 OR n > 57343) AND NOT has_visible_text(chr(n))) AS invisible
       GROUP BY run ORDER BY lo`.execute(db);
    const expected = INVISIBLE_RANGES.map(([from, to]) => [Math.max(from, 1), to]);
    expect(runs.rows.map((r) => [Number(r.lo), Number(r.hi)])).toEqual(expected);
  }, 120_000);

  it('on the examples, as whole texts', async () => {
    for (const [text, blank] of BLANK_TEXT_EXAMPLES) {
      expect(isBlankText(text), JSON.stringify(text)).toBe(blank);
      const row = await sql<{ visible: boolean }>`
        SELECT has_visible_text(${text}::text) AS visible`.execute(db);
      expect(row.rows[0]!.visible, JSON.stringify(text)).toBe(!blank);
    }
  });

  it('the required-text columns refuse a blank value, and take a visible one', async () => {
    const zeroWidth = '\u200b';
    expect(
      await refusedBy(
        sql`INSERT INTO notifications (title, content, language) VALUES (${zeroWidth}, 'x', 'ja')`.execute(
          db,
        ),
      ),
    ).toBe('notifications_title_visible');
    expect(
      await refusedBy(
        sql`INSERT INTO notifications (title, content, language) VALUES ('x', ${'\u3000\u2060'}, 'ja')`.execute(
          db,
        ),
      ),
    ).toBe('notifications_content_visible');
    expect(
      await refusedBy(
        sql`INSERT INTO plans (name, description, price_usd, coin_type) VALUES (${'\ufeff'}, '', 1, 'HEC')`.execute(
          db,
        ),
      ),
    ).toBe('plans_name_visible');
    expect(
      await refusedBy(
        sql`INSERT INTO user_contact_categories (name) VALUES (${'\u00a0'})`.execute(db),
      ),
    ).toBe('user_contact_categories_name_visible');
    await sql`INSERT INTO notifications (title, content, language)
              VALUES (${'\u200bお知らせ'}, ${'本文'}, 'ja')`.execute(db);
  });
});
