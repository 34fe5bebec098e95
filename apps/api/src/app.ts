import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { GRAPHQL_PATH } from '@app/shared';
import type { Config } from './config/env';
import { fastifyTrustProxy } from './config/network';
import { resolveSecretsKey } from './config/secrets-key';
import type { Database } from './db/database';
import { GRAPHQL_LIMITS } from './graphql/armor';
import { createFastPath } from './server/fast-path';
import { resolveRequestAdmin } from './graphql/request-admin';
import { createGraphQLServer } from './server/yoga';
import { registerCors } from './http/cors';
import { registerCsrfPrevention } from './http/csrf';
import { registerErrorHandler } from './http/error-handler';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { createUploadGate, isMultipart, registerUploadGate } from './platform/imports/upload-gate';
import { registerUploadLimit } from './platform/imports/upload-limit';
import { registerRefusalAudit } from './http/refusal-audit';
import { requestLogSerializers } from './http/log-redaction';
import { registerLoginRoute } from './modules/auth/login-route';
import { registerDownloadRoute } from './modules/exports/download-route';
import { exportLinkKey } from './platform/exports';
import { registerHealthRoute } from './modules/health/health-route';
import { registerPaymentTemplates } from './modules/payments/payments-templates-route';
import { registerWithdrawalTemplates } from './modules/withdrawals/withdrawal-templates';
import { registerCheckReportRoute } from './platform/imports/check-report-route';
import { registerSupportFilesRoute } from './modules/support/support-files-route';
import { createFileStorage } from './platform/storage';
import { createServices, type ServiceOptions } from './server/services';
import type { ImportsService } from './platform/imports';
import { registerMetricsRoute } from './http/metrics-route';
import { registerRequestMetrics } from './http/request-metrics';
import { createMetrics, type Metrics } from './platform/metrics';
import { createSecretBox } from './shared/secret-box';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The app's metrics: main.ts serves them on METRICS_PORT (http/metrics-route.ts). */
    metrics: Metrics;
    /** The import engine's service: main.ts registers its background job (server/jobs.ts). */
    imports: ImportsService;
  }
}

/** Builds the whole HTTP app without listening, so tests run it in-process. */
export async function buildApp(
  config: Config,
  database: Database,
  serviceOptions: ServiceOptions = {},
  /** Where the log goes (default stdout); tests read what was logged. */
  logStream?: { write: (line: string) => void },
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Download links carry a token in their query: logged URLs never show it.
            serializers: requestLogSerializers,
            ...(logStream ? { stream: logStream } : {}),
          },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: GRAPHQL_LIMITS.maxBodyBytes,
  });
  registerSecurityHeaders(app, config.cspImageOrigins);
  registerCors(app, config.corsOrigins);
  registerCsrfPrevention(app);
  registerUploadLimit(app, config.importMaxBytes);
  const metrics = createMetrics({
    db: database.db,
    poolStats: database.poolStats,
    onScrapeError: (error) => app.log.warn({ err: error }, 'metrics: database gauges not read'),
  });
  app.decorate('metrics', metrics);
  const requestMetrics = registerRequestMetrics(app, metrics);
  registerErrorHandler(app, (code) => metrics.error(code));

  database.onLostConnection((error) =>
    app.log.warn({ err: error }, 'database connection lost; the pool will open a new one'),
  );
  const secretsKey = resolveSecretsKey(config);
  const secretBox = createSecretBox(secretsKey);
  const services = createServices(database.db, {
    smtpConfigured: Boolean(config.smtpUrl),
    ...serviceOptions,
    secretBox,
    importMaxBytes: config.importMaxBytes,
    exportLinkKey: exportLinkKey(secretsKey),
    engine: database.engine,
    pool: database.pool,
    businessTimeZone: config.businessTimeZone,
    observeImport: (observation) => metrics.importRun(observation),
    sessions: {
      idleMs: config.sessionIdleMinutes * 60_000,
      requireTotpForSuperAdmin: config.requireTotpForSuperAdmin,
    },
  });
  app.decorate('imports', services.imports);
  const sealed = await services.auth.sealPlaintextTotpSecrets();
  if (sealed > 0) app.log.info({ sealed }, 'sealed TOTP secrets stored as plaintext');
  const yoga = createGraphQLServer(services, {
    graphiql: config.nodeEnv === 'development',
    // In tests a mutation that wrote no audit row fails loudly.
    strictAudit: config.nodeEnv === 'test',
    // Anonymous callers get no introspection or suggestions, except while developing.
    anonymousIntrospection: config.nodeEnv === 'development',
    // An upload of up to IMPORT_MAX_BYTES (its whole body: upload-limit.ts) is read (yoga's
    // own default is 25 MB); a larger one was answered 413 before.
    maxRequestBodySize: config.importMaxBytes,
    metrics: requestMetrics,
  });
  const uploads = createUploadGate(config.importMaxConcurrent);
  registerUploadGate(app, uploads);
  registerRefusalAudit(app, services);

  // Cached, validated POSTed queries skip yoga's per-request machinery (server/fast-path.ts).
  const fastPath = createFastPath(services, undefined, requestMetrics);

  // Yoga reads multipart bodies (file uploads) itself.
  app.addContentTypeParser('multipart/form-data', {}, (_req, _payload, done) => done(null));
  app.route({
    url: GRAPHQL_PATH,
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      if (await fastPath.handle(req, reply)) return reply;
      const admin = await resolveRequestAdmin(services, req);
      // An upload is read only once its caller may send one (and a slot is free).
      if (isMultipart(req) && !uploads.admit(req, reply, admin)) return reply;
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
  registerLoginRoute(app, services);
  registerDownloadRoute(app, services.auth, services.exports, (observation) =>
    metrics.exportRun(observation),
  );
  registerHealthRoute(app, database);
  registerMetricsRoute(app, metrics, config);
  registerPaymentTemplates(app, services.auth, (locale) => services.payments.template(locale));
  registerWithdrawalTemplates(app, services.auth);
  registerCheckReportRoute(app, services, { businessTimeZone: config.businessTimeZone });
  registerSupportFilesRoute(app, services, createFileStorage(config.fileStorage));
  await registerWebApp(app, config.webDistDir);
  return app;
}
