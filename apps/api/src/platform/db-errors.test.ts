import { createSchema, createYoga } from 'graphql-yoga';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import type { DB } from '../db/schema';
import { maskError } from '../server/yoga';
import { seedDemoPopulation } from '../seed/population/demo-population';
import { AppError } from '../shared/app-error';
import { databaseErrorOf, isRetryableDatabaseError, toAppError } from './db-errors';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Kysely<DB>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoPopulation(db, { users: 40, seed: 3 });
  await sql`CREATE TABLE db_errors_parent (id int PRIMARY KEY, code text UNIQUE)`.execute(db);
  await sql`
    CREATE TABLE db_errors_child (
      id int PRIMARY KEY,
      parent_id int REFERENCES db_errors_parent (id),
      qty int NOT NULL CONSTRAINT db_errors_child_qty_check CHECK (qty > 0),
      amount numeric(6, 2)
    )`.execute(db);
  await sql`INSERT INTO db_errors_parent VALUES (1, 'a')`.execute(db);
  await sql`INSERT INTO db_errors_child VALUES (1, 1, 1, 1)`.execute(db);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

/** The error the database raised for `statement` (on whichever engine runs the tests). */
async function raised(statement: ReturnType<typeof sql>): Promise<unknown> {
  try {
    await statement.execute(db);
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
}

const raise = (errcode: string) =>
  sql.raw(
    `DO $$ BEGIN RAISE EXCEPTION 'raised as ${errcode}' USING ERRCODE = '${errcode}'; END $$`,
  );

describe('database error mapping', () => {
  it('maps constraint violations raised by the engine itself', async () => {
    const cases: Array<[ReturnType<typeof sql>, string, string, string | undefined]> = [
      [
        sql`INSERT INTO db_errors_parent VALUES (2, 'a')`,
        'CONFLICT',
        'unique_violation',
        'db_errors_parent_code_key',
      ],
      [
        sql`INSERT INTO db_errors_child VALUES (2, 99, 1, 1)`,
        'BAD_USER_INPUT',
        'foreign_key_missing',
        'db_errors_child_parent_id_fkey',
      ],
      [
        sql`DELETE FROM db_errors_parent WHERE id = 1`,
        'CONFLICT',
        'foreign_key_referenced',
        'db_errors_child_parent_id_fkey',
      ],
      [
        sql`INSERT INTO db_errors_child VALUES (3, 1, 0, 1)`,
        'BAD_USER_INPUT',
        'check_violation',
        'db_errors_child_qty_check',
      ],
      [
        sql`INSERT INTO db_errors_child (id, parent_id) VALUES (4, 1)`,
        'BAD_USER_INPUT',
        'not_null_violation',
        undefined,
      ],
      [
        sql`INSERT INTO db_errors_child VALUES (5, 1, 1, 123456.78)`,
        'BAD_USER_INPUT',
        'data_exception',
        undefined,
      ],
      [sql`SELECT 'abc'::int`, 'BAD_USER_INPUT', 'data_exception', undefined],
    ];
    for (const [statement, code, reason, constraint] of cases) {
      const mapped = toAppError(await raised(statement));
      expect(mapped, reason).toBeInstanceOf(AppError);
      expect(mapped!.code, reason).toBe(code);
      expect(mapped!.details, reason).toEqual({ reason, ...(constraint ? { constraint } : {}) });
      // The engine's wording names tables and indexes; the operator gets a plain sentence.
      expect(mapped!.message).not.toMatch(/db_errors/);
    }
  });

  it('maps busy-database errors to the retryable TRY_AGAIN and trigger raises to CONFLICT', async () => {
    for (const errcode of ['40001', '40P01', '55P03', '57014']) {
      const error = await raised(raise(errcode));
      const mapped = toAppError(error)!;
      expect(mapped.code, errcode).toBe('TRY_AGAIN');
      expect(mapped.details, errcode).toMatchObject({ retryable: true });
      expect(isRetryableDatabaseError(error), errcode).toBe(errcode.startsWith('40'));
    }
    const refused = toAppError(await raised(raise('P0001')))!;
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toBe('raised as P0001');
  });

  it('leaves errors it cannot explain unmapped (they stay internal and logged)', async () => {
    expect(toAppError(await raised(sql`SELECT * FROM no_such_table`))).toBeUndefined();
    expect(toAppError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBeUndefined();
    expect(toAppError(new Error('plain'))).toBeUndefined();
  });

  it('brings a trigger refusal (an illegal withdrawal transition) to GraphQL as CONFLICT', async () => {
    const completed = await sql<{ id: string }>`
      SELECT id::text AS id FROM withdrawal_requests WHERE status = 'completed' LIMIT 1
    `.execute(db);
    const id = completed.rows[0]!.id;
    const error = await raised(
      sql`UPDATE withdrawal_requests SET status = 'processing' WHERE id = ${id}`,
    );
    expect(databaseErrorOf(error)).toMatchObject({
      kind: 'check_violation',
      raisedByFunction: true,
    });

    // A resolver that lets the database refuse, behind the app's own error masking.
    const yoga = createYoga({
      schema: createSchema({
        typeDefs: 'type Query { ok: Boolean } type Mutation { reopen(id: ID!): Boolean }',
        resolvers: {
          Mutation: {
            reopen: async (_: unknown, args: { id: string }) => {
              await sql`UPDATE withdrawal_requests SET status = 'processing' WHERE id = ${args.id}`.execute(
                db,
              );
              return true;
            },
          },
        },
      }),
      maskedErrors: { maskError },
      logging: false,
    });
    const response = await yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `mutation { reopen(id: "${id}") }` }),
    });
    const body = (await response.json()) as {
      errors: Array<{ message: string; extensions: Record<string, unknown> }>;
    };
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]!.extensions).toMatchObject({
      code: 'CONFLICT',
      reason: 'check_violation',
    });
    expect(body.errors[0]!.message).toBe(
      `withdrawal request ${id}: transition completed -> processing is not allowed`,
    );
    const status = await sql<{ status: string }>`
      SELECT status FROM withdrawal_requests WHERE id = ${id}
    `.execute(db);
    expect(status.rows[0]!.status).toBe('completed');
  });
});
