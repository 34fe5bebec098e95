import { GraphQLError, parse, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../shared/app-error';
import { maskError } from './yoga';
import { startTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (body: string, headers: Record<string, string>) =>
  fetch(`${t.baseUrl}/graphql-admin`, { method: 'POST', headers, body });

describe('POST /graphql-admin follows GraphQL over HTTP', () => {
  it('answers application/json by default', async () => {
    const response = await post(JSON.stringify({ query: '{ __typename }' }), {
      'content-type': 'application/json',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('answers application/graphql-response+json when asked', async () => {
    const response = await post(JSON.stringify({ query: '{ __typename }' }), {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/graphql-response+json');
  });

  it('answers 400 for a document that does not parse (graphql-response+json)', async () => {
    const response = await post(JSON.stringify({ query: '{ adminUser {' }), {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { message: string }[]; data?: unknown };
    expect(body.errors[0]?.message).toMatch(/Syntax Error/);
    expect(body.data).toBeUndefined();
  });

  it('answers 400 for a query that fails validation', async () => {
    const response = await post(JSON.stringify({ query: '{ noSuchField }' }), {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json',
    });
    expect(response.status).toBe(400);
  });

  it('answers 400 for a body without a query', async () => {
    const response = await post(JSON.stringify({ variables: {} }), {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json',
    });
    expect(response.status).toBe(400);
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await post('{"query": ', {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json',
    });
    expect(response.status).toBe(400);
  });

  it('refuses a mutation over GET', async () => {
    const url = new URL(`${t.baseUrl}/graphql-admin`);
    url.searchParams.set('query', 'mutation { postSignOut }');
    const response = await fetch(url, {
      // The CSRF header: without it a GET is refused before GraphQL sees it (http/csrf.ts).
      headers: { accept: 'application/graphql-response+json', 'x-graphql-yoga-csrf': '1' },
    });
    expect(response.status).toBe(405);
  });

  it('echoes a well-formed request id', async () => {
    const response = await post(JSON.stringify({ query: '{ __typename }' }), {
      'content-type': 'application/json',
      'x-request-id': 'req-test-123',
    });
    expect(response.headers.get('x-request-id')).toBe('req-test-123');
  });
});

describe('maskError', () => {
  it('hides the text of an unexpected error', () => {
    const masked = maskError(
      new GraphQLError('connection to 10.0.0.5 refused', { originalError: new Error('secret') }),
    ) as GraphQLError;
    expect(masked.message).toBe('Unexpected error.');
    expect(masked.extensions.code).toBe('INTERNAL_SERVER_ERROR');
  });

  it('gives a variable GraphQL refused the BAD_USER_INPUT code, keeping its message', () => {
    const definition = parse('query Q($k: Kind) { a }').definitions[0] as OperationDefinitionNode;
    const refused = new GraphQLError('Variable "$k" got invalid value "x".', {
      nodes: definition.variableDefinitions![0],
    });
    const masked = maskError(refused) as GraphQLError;
    expect(masked.message).toBe('Variable "$k" got invalid value "x".');
    expect(masked.extensions.code).toBe('BAD_USER_INPUT');
    expect(masked.extensions.reason).toBe('INVALID_VALUE');
    // Any other error of GraphQL's own (a validation error here) passes through unchanged.
    const field = new GraphQLError('Cannot query field "b".', { nodes: definition });
    expect(maskError(field)).toBe(field);
  });

  it('keeps the message of an AppError and maps its code to extensions.code', () => {
    const masked = maskError(
      new GraphQLError('wrapped', {
        originalError: new AppError('NOT_FOUND', 'User 12 was not found.', {
          reason: 'RECORD_NOT_FOUND',
          params: { record: 'user', id: '12' },
        }),
      }),
    ) as GraphQLError;
    expect(masked.message).toBe('User 12 was not found.');
    expect(masked.extensions.code).toBe('NOT_FOUND');
    expect(masked.extensions.reason).toBe('RECORD_NOT_FOUND');
    expect(masked.extensions.params).toEqual({ record: 'user', id: '12' });
  });
});
