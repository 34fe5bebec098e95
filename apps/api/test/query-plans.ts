import { CompiledQuery, sql, type Kysely, type KyselyPlugin } from 'kysely';
import type { DB } from '../src/db/schema';

/**
 * The plan tests' two tools (issue 36): an executor that records every statement a repository
 * sends through it, and the plan PostgreSQL (or PGlite) makes of one of them. A test prices a
 * path out (`enable_seqscan = off`, `enable_sort = off`) to ask whether an index can serve a
 * shape at all: on a test's few rows the planner would otherwise scan or sort either way.
 */
export function capturing(db: Kysely<DB>) {
  const sent: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      sent.push(db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  };
  return { db: db.withPlugin(plugin), sent };
}

/** The plan of a recorded statement, with its parameters, the settings set for its transaction. */
export async function planOf(
  db: Kysely<DB>,
  query: CompiledQuery,
  settings: readonly ('enable_seqscan = off' | 'enable_sort = off')[] = [],
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    for (const setting of settings) await sql.raw(`SET LOCAL ${setting}`).execute(trx);
    const explained = await trx.executeQuery<Record<string, string>>(
      CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]),
    );
    return explained.rows.map((r) => Object.values(r)[0]).join('\n');
  });
}
