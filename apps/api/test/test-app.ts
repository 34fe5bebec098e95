import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ACCESS_TOKEN_HEADER, GRAPHQL_PATH } from '@app/shared';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import type { Database } from '../src/db/database';
import type { Clock } from '../src/shared/clock';
import type { ServiceOptions } from '../src/server/services';
import { seedDemoAdmins } from '../src/seed/demo-admins';
import { createTestDatabase } from './test-database';

export type GraphQLResponse<T = Record<string, unknown>> = {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string } & Record<string, unknown> }>;
};

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  baseUrl: string;
  /** Posts a GraphQL operation over real HTTP, with an access token when given. */
  gql: <T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ) => Promise<GraphQLResponse<T>>;
  /** Signs in through POST /login and returns the access token. */
  login: (email: string, password?: string) => Promise<string>;
  close: () => Promise<void>;
};

/** Starts the real app on a random port over a fresh database with the demo admins. */
export async function startTestApp(
  options: {
    seedDemoAdmins?: boolean;
    clock?: Clock;
    /** More environment for loadConfig (e.g. TRUST_PROXY, CORS_ORIGINS). */
    env?: Record<string, string>;
    /** More service options, made from the test database (e.g. a started job queue). */
    services?: (database: Database) => Promise<ServiceOptions> | ServiceOptions;
    /** Receives the log (set LOG_LEVEL in env too; the default is silent). */
    logStream?: { write: (line: string) => void };
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  if (options.seedDemoAdmins !== false) await seedDemoAdmins(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...options.env,
  });
  const app = await buildApp(
    config,
    database,
    {
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.services ? await options.services(database) : {}),
    },
    options.logStream,
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const gql: TestApp['gql'] = async (query, variables, token) => {
    const response = await fetch(`${baseUrl}${GRAPHQL_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...(token ? { [ACCESS_TOKEN_HEADER]: token } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as GraphQLResponse<never>;
  };

  const login: TestApp['login'] = async (email, password = 'DemoPass123') => {
    const response = await fetch(`${baseUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const body = (await response.json()) as { data?: { access_token?: string } };
    if (!body.data?.access_token)
      throw new Error(`login failed for ${email}: ${JSON.stringify(body)}`);
    return body.data.access_token;
  };

  return {
    app,
    database,
    baseUrl,
    gql,
    login,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
