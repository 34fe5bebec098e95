import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { migrationsApplied } from '../../db/migrator';
import { ping } from './health-repository';

/**
 * `GET /healthz` (liveness): 200 when the database answers, 503 otherwise.
 * `GET /readyz` (readiness): 200 when the database answers and every migration this server
 * knows is applied, 503 otherwise. Migrations once seen applied stay applied, so after the
 * first ready answer it is one round trip, like the liveness check.
 */
export function registerHealthRoute(
  app: FastifyInstance,
  database: Database,
  options: { migrationsDir?: string } = {},
): void {
  app.get('/healthz', async (request, reply) => {
    try {
      await ping(database.db);
      return reply
        .header('cache-control', 'no-store')
        .send({ status: 'ok', database: database.engine });
    } catch (error) {
      request.log.error({ err: error }, 'health check: database did not answer');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
  let migrated = false;
  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await ping(database.db);
      if (!migrated) migrated = await migrationsApplied(database.db, options.migrationsDir);
    } catch (error) {
      request.log.error({ err: error }, 'readiness check: database did not answer');
      return reply.code(503).send({ status: 'unavailable' });
    }
    if (!migrated) return reply.code(503).send({ status: 'migrating' });
    return reply.send({ status: 'ready', database: database.engine });
  });
}

/**
 * What a server answers while it prepares its database (main.ts: migrations and the demo seed,
 * under the migration lock, which may mean waiting for another replica): live (`/healthz`
 * 200 while the database answers) but not ready (`/readyz` 503), every other request 503. So a
 * replica waiting for a long migration is not restarted by its liveness probe, and gets no
 * traffic until it can serve. `close()` frees the port for the real app.
 */
export async function startStartingProbe(
  database: Database,
  listen: { port: number; host: string },
): Promise<{ close: () => Promise<void> }> {
  const probe = Fastify({ logger: false });
  probe.get('/healthz', async (_request, reply) => {
    try {
      await pingWithin(database, 1_000);
      return reply.header('cache-control', 'no-store').send({ status: 'ok', starting: true });
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
  probe.setNotFoundHandler((_request, reply) =>
    reply
      .code(503)
      .header('cache-control', 'no-store')
      .header('retry-after', '5')
      .send({ status: 'starting' }),
  );
  await probe.listen(listen);
  return { close: () => probe.close() };
}

/**
 * A ping that gives up after `ms`: on PGlite the one connection is held by the migration
 * while it runs, and the liveness answer must not wait for it.
 */
async function pingWithin(database: Database, ms: number): Promise<void> {
  if (database.engine === 'pglite') return;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ping(database.db),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('database did not answer in time')), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
