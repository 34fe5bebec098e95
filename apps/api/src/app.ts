import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { GRAPHQL_PATH } from '@app/shared';
import type { Config } from './config/env';
import { resolveSecretsKey } from './config/secrets-key';
import type { Database } from './db/database';
import { createFastPath } from './server/fast-path';
import { createGraphQLServer } from './server/yoga';
import { registerWebApp } from './http/web-app';
import { registerLoginRoute } from './modules/auth/login-route';
import { registerHealthRoute } from './modules/health/health-route';
import { createServices, type ServiceOptions } from './server/services';
import { createSecretBox } from './shared/secret-box';

/** Builds the whole HTTP app without listening, so tests run it in-process. */
export async function buildApp(
  config: Config,
  database: Database,
  serviceOptions: ServiceOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 20 * 1024 * 1024,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
  });

  database.onLostConnection((error) =>
    app.log.warn({ err: error }, 'database connection lost; the pool will open a new one'),
  );
  const secretBox = createSecretBox(resolveSecretsKey(config));
  const services = createServices(database.db, { ...serviceOptions, secretBox });
  const sealed = await services.auth.sealPlaintextTotpSecrets();
  if (sealed > 0) app.log.info({ sealed }, 'sealed TOTP secrets stored as plaintext');
  const yoga = createGraphQLServer(services, {
    graphiql: config.nodeEnv === 'development',
    // In tests a mutation that wrote no audit row fails loudly.
    strictAudit: config.nodeEnv === 'test',
  });

  // Cached, validated POSTed queries skip yoga's per-request machinery (server/fast-path.ts).
  const fastPath = createFastPath(services);

  // Yoga reads multipart bodies (file uploads) itself.
  app.addContentTypeParser('multipart/form-data', {}, (_req, _payload, done) => done(null));
  app.route({
    url: GRAPHQL_PATH,
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      if (await fastPath.handle(req, reply)) return reply;
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      // A block body: reply.header() returns the reply, which is thenable.
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });
  registerLoginRoute(app, services.auth);
  registerHealthRoute(app, database);
  await registerWebApp(app, config.webDistDir);
  return app;
}
