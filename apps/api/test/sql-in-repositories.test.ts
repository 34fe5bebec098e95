import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Only repositories write SQL (docs/architecture.md, "Layers"): the rule in eslint.config.js
 * refuses Kysely's `sql`/`CompiledQuery` (by name or through `import * as`), the `pg` driver
 * and `pg-copy-streams` as values, and query builder calls outside `*-repository.ts`
 * files and the database, platform, seed and script folders. These checks run the project's
 * own ESLint configuration on sample files, so a rule that stops matching fails here.
 */
const root = path.resolve(import.meta.dirname, '../../..');

// Only the rule under test, parsed without type information (the samples are not on disk,
// so the type-aware project would not know them).
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parserOptions: { project: false } } }],
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax',
});

async function sqlProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => `${m.line}: ${m.ruleId ?? 'fatal'}: ${m.message}`);
}

const SQL_TAG = `import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
export const ping = (db: Executor) => sql\`SELECT 1\`.execute(db);
`;
const BUILDER = `import type { Executor } from '../../db/executor';
export const names = (db: Executor) => db.selectFrom('admin_users').select('email').execute();
`;
// The sql tag reached through the whole module (\`k.sql\`) instead of by name.
const NAMESPACE = `import * as k from 'kysely';
import type { Executor } from '../../db/executor';
export const ping = (db: Executor) => k.sql\`SELECT 1\`.execute(db);
`;
// The driver itself: a pool, a client, a COPY stream, each a way to send SQL past Kysely.
const DRIVER = [
  `import pg from 'pg';\nexport const pool = new pg.Pool();\n`,
  `import { Client } from 'pg';\nexport const client = new Client();\n`,
  `import * as pg from 'pg';\nexport const pool = new pg.Pool();\n`,
  `import { from } from 'pg-copy-streams';\nexport const copy = from('COPY t FROM STDIN');\n`,
  `export const load = () => import('pg');\n`,
];
const TYPES_ONLY = `import type { Kysely, Transaction } from 'kysely';
import { type CompiledQuery } from 'kysely';
import type * as everything from 'kysely';
import type pg from 'pg';
import { type PoolClient } from 'pg';
import type { CopyStreamQuery } from 'pg-copy-streams';
import type { DB } from '../../db/schema';
export type Db = Kysely<DB> | Transaction<DB> | CompiledQuery | everything.Sql;
export type Driver = pg.Pool | PoolClient | CopyStreamQuery;
`;

describe('SQL stays in repositories (lint rule)', () => {
  it('refuses the sql tag and query builder calls in a service, a schema or a route', async () => {
    for (const file of [
      'apps/api/src/modules/mail/mail-service.ts',
      'apps/api/src/modules/withdrawals/withdrawal-uploads.ts',
      'apps/api/src/server/services.ts',
      'apps/api/src/graphql/pagination.ts',
    ]) {
      const tag = await sqlProblems(file, SQL_TAG);
      expect(tag, file).toHaveLength(1);
      expect(tag[0]).toMatch(/^1: no-restricted-syntax: Only repositories write SQL/);
      const builder = await sqlProblems(file, BUILDER);
      expect(builder, file).toHaveLength(1);
      expect(builder[0]).toMatch(/^2: no-restricted-syntax: Only repositories write SQL/);
    }
  });

  it('refuses Kysely imported whole (k.sql) and the pg driver or its COPY streams', async () => {
    for (const file of [
      'apps/api/src/modules/mail/mail-service.ts',
      'apps/api/src/server/services.ts',
    ]) {
      const namespace = await sqlProblems(file, NAMESPACE);
      expect(namespace, file).toHaveLength(1);
      expect(namespace[0]).toMatch(/^1: no-restricted-syntax: Only repositories write SQL/);
      for (const code of DRIVER) {
        const driver = await sqlProblems(file, code);
        expect(driver, `${file}: ${code}`).toHaveLength(1);
        expect(driver[0]).toMatch(/^\d+: no-restricted-syntax: Only repositories write SQL/);
      }
    }
  });

  it('allows Kysely types anywhere', async () => {
    expect(await sqlProblems('apps/api/src/modules/mail/mail-service.ts', TYPES_ONLY)).toEqual([]);
  });

  it('allows SQL in repositories, the database layer, the platform, seeds, scripts and tests', async () => {
    for (const file of [
      'apps/api/src/modules/mail/mail-repository.ts',
      'apps/api/src/db/count-buckets.ts',
      'apps/api/src/platform/jobs/jobs.ts',
      'apps/api/src/seed/demo-files.ts',
      'apps/api/src/scripts/migrate.ts',
      'apps/api/src/modules/mail/mail.test.ts',
    ]) {
      expect(await sqlProblems(file, SQL_TAG), file).toEqual([]);
      expect(await sqlProblems(file, BUILDER), file).toEqual([]);
      expect(await sqlProblems(file, NAMESPACE), file).toEqual([]);
      for (const code of DRIVER) expect(await sqlProblems(file, code), file).toEqual([]);
    }
  });

  it('finds no SQL in the files that wrote it before issue 25', async () => {
    // The whole tree is checked by `npm run lint`; these four wrote SQL until issue 25.
    const results = await eslint.lintFiles([
      'apps/api/src/modules/withdrawals/withdrawal-uploads.ts',
      'apps/api/src/modules/withdrawals/withdrawal-exports.ts',
      'apps/api/src/modules/mail/mail-service.ts',
      'apps/api/src/modules/health/health-route.ts',
    ]);
    const problems = results.flatMap((r) =>
      r.messages.map((m) => `${path.relative(root, r.filePath)}:${m.line}: ${m.message}`),
    );
    expect(problems).toEqual([]);
  });
});
