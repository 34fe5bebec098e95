import fs from 'node:fs';
import path from 'node:path';
import { buildSchema, specifiedRules, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config/paths';
import { startTestApp, type TestApp } from '../../test/test-app';
import { GRAPHQL_LIMITS, LIMIT_RULES, parseLimited, QUERY_TOO_COMPLEX } from './armor';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await t.login('super@example.com');
});
afterAll(async () => {
  await t.close();
});

type AnswerError = { message: string; extensions?: { code?: string } };
type Answer = { status: number; body: { data?: unknown; errors?: AnswerError[] } };

async function post(body: unknown, withToken = true): Promise<Answer> {
  const response = await fetch(`${t.baseUrl}/graphql-admin`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(withToken ? { 'x-admin-access-token': token } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const codes = (answer: Answer) => answer.body.errors?.map((e) => e.extensions?.code) ?? [];

describe('GraphQL limits', () => {
  it('refuses a 13-level query with QUERY_TOO_COMPLEX', async () => {
    // adminUser { roles { … } } cannot nest deeper, so depth comes from __typename-free
    // nesting of the referral tree's children.
    let selection = 'userId';
    for (let i = 0; i < 12; i++) selection = `children { ${selection} }`;
    const answer = await post({ query: `{ referralTree(userId: 1) { ${selection} } }` });
    expect(codes(answer)).toContain(QUERY_TOO_COMPLEX);
    expect(answer.body.data ?? null).toBeNull();
  });

  it('refuses 100 aliases of a 500-row list before running any of them', async () => {
    const aliases = Array.from(
      { length: 100 },
      (_, i) => `a${i}: users(pagination: {limit: 500}) { list { id } }`,
    ).join('\n');
    const answer = await post({ query: `{ ${aliases} }` });
    expect(codes(answer)).toContain(QUERY_TOO_COMPLEX);
    expect(answer.body.errors?.[0]?.message).toMatch(/alias/i);
    expect(answer.body.data ?? null).toBeNull();
  });

  it('refuses a query over the token limit', async () => {
    const fields = Array.from({ length: GRAPHQL_LIMITS.maxTokens }, () => '__typename').join(' ');
    const answer = await post({ query: `{ ${fields} }` });
    expect(codes(answer)).toEqual([QUERY_TOO_COMPLEX]);
    expect(answer.body.errors?.[0]?.message).toMatch(/token limit/);
  });

  it('refuses a 1 MiB body with PAYLOAD_TOO_LARGE', async () => {
    const answer = await post({ query: `{ __typename }`, variables: { x: 'a'.repeat(1 << 20) } });
    expect(answer.status).toBe(413);
    expect(codes(answer)).toEqual(['PAYLOAD_TOO_LARGE']);
  });

  it('still answers the same small query', async () => {
    const answer = await post({ query: '{ users(pagination: {limit: 2}) { list { id } } }' });
    expect(answer.body.errors).toBeUndefined();
    expect((answer.body.data as { users: { list: unknown[] } }).users.list).toHaveLength(0);
  });

  it('lets every document of the web app through', () => {
    const schema = buildSchema(
      fs.readFileSync(path.join(repoRoot, 'apps/api/schema.graphql'), 'utf8'),
    );
    const generated = fs.readFileSync(path.join(repoRoot, 'apps/web/src/gql/graphql.ts'), 'utf8');
    // Operations only: a fragment's own document is never sent; it travels inside the
    // operations that spread it, and is validated there.
    const documents = [...generated.matchAll(/new TypedDocumentString\(`([\s\S]*?)`/g)]
      .map((match) => match[1]!)
      .filter((text) => /^\s*(query|mutation|subscription)\b/.test(text));
    expect(documents.length).toBeGreaterThan(20);
    for (const text of documents) {
      const errors = validate(schema, parseLimited(text), [...specifiedRules, ...LIMIT_RULES]);
      expect(errors.map((e) => e.message)).toEqual([]);
    }
  });
});

describe('introspection and suggestions', () => {
  it('answers no introspection to a caller who is not signed in', async () => {
    const answer = await post({ query: '{ __schema { queryType { name } } }' }, false);
    expect(answer.body.data ?? null).toBeNull();
    expect(answer.body.errors?.[0]?.message).toMatch(/introspection/i);
  });

  it('answers introspection to a signed-in admin', async () => {
    const answer = await post({ query: '{ __schema { queryType { name } } }' });
    expect(answer.body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
  });

  it('gives no "Did you mean" hint to a caller who is not signed in', async () => {
    const anonymous = await post({ query: '{ adminUse { id } }' }, false);
    expect(anonymous.body.errors?.[0]?.message).toBe(
      'Cannot query field "adminUse" on type "Query".',
    );
    const signedIn = await post({ query: '{ adminUse { id } }' });
    expect(signedIn.body.errors?.[0]?.message).toMatch(/Did you mean "adminUser/);
  });
});
