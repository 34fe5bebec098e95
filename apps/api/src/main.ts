import { ConfigError, loadConfig, type Config } from './config/env';
import { isLoopbackHost } from './config/network';
import { resolveSecretsKey } from './config/secrets-key';
import { openConfiguredDatabase } from './db/database';
import { createJobs } from './platform/jobs';
import { buildApp } from './app';
import { registerJobs } from './server/jobs';
import { DEMO_ADMINS, DEMO_PASSWORD } from './seed/demo-admins';
import { createFileStorage } from './platform/storage';
import { prepareDatabase } from './start-up';
import { startMetricsServer } from './http/metrics-route';
import { startStartingProbe } from './modules/health/health-route';

function readConfig(): Config & { secretsKey: Buffer } {
  try {
    const config = loadConfig();
    return { ...config, secretsKey: resolveSecretsKey(config) };
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

/** The banner's line about who can reach the server (demo accounts: this machine only). */
function listeningOn(config: Config): string {
  if (isLoopbackHost(config.host)) {
    return `Listening on ${config.host} only: reachable from this machine alone${config.demoSeed ? ' (demo accounts; set ALLOW_DEMO_ON_NETWORK=1 and HOST to expose them)' : ''}.`;
  }
  return config.demoSeed
    ? `WARNING: listening on ${config.host} WITH DEMO ACCOUNTS (ALLOW_DEMO_ON_NETWORK=1): anyone who reaches this address can sign in with the published password.`
    : `Listening on ${config.host}.`;
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = await openConfiguredDatabase(config);
  // Live but not ready while the database is prepared (maybe waiting for another replica).
  const probe = await startStartingProbe(database, { port: config.port, host: config.host });
  // Migrations and the demo seed, under one lock: replicas may start at the same moment.
  const prepared = await prepareDatabase(database.db, {
    demoSeed: config.demoSeed,
    storage: config.demoSeed ? createFileStorage(config.fileStorage) : undefined,
    businessTimeZone: config.businessTimeZone,
  });
  const applied = prepared.applied;
  const seeded = prepared.seededAdmins;
  // Background jobs run in the server process only (test apps from buildApp() have none).
  // server/jobs.ts registers every module's jobs on `jobs` before it starts.
  let logJobError = (error: Error) => console.error(`background jobs: ${error.message}`);
  const jobs = createJobs(database.db, { onError: (error) => logJobError(error) });
  const app = await buildApp(config, database, {
    jobs,
    importJobs: jobs,
    onJobError: (error) => logJobError(error instanceof Error ? error : new Error(String(error))),
  });
  logJobError = (error) => app.log.error({ err: error }, 'background jobs error');
  if (applied.length > 0) app.log.info({ applied }, 'database migrations applied');
  // Every module's jobs, registered by the server assembly (server/jobs.ts).
  const background = registerJobs(
    jobs,
    database.db,
    config,
    (message) => app.log.warn(message),
    app.imports,
  );
  await jobs.start({ workers: true });
  await background.afterStart();

  // Prometheus's own port (METRICS_PORT), when set: nothing else is served there.
  const metricsServer =
    config.metricsPort === undefined
      ? undefined
      : await startMetricsServer(app.metrics, {
          port: config.metricsPort,
          host: config.host,
          token: config.metricsToken,
        });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await metricsServer?.close();
      // Running handlers finish before the connections they use are closed.
      await jobs.stop();
      background.close();
      await database.close();
      clearTimeout(force);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await probe.close();
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    `  Admin console ready: http://${isLoopbackHost(config.host) ? 'localhost' : config.host}:${port}`,
    `  ${listeningOn(config)}`,
    `  Database: ${database.engine === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`,
  ];
  if (config.demoSeed) {
    lines.push(
      `  Demo sign-ins${seeded ? ' (just created)' : ''}, password ${DEMO_PASSWORD}:`,
      ...DEMO_ADMINS.map((a) => `    ${a.email.padEnd(22)} ${a.role}`),
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error);
  process.exit(1);
});
