import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { ping } from './health-repository';

/** `GET /healthz`: 200 when the database answers, 503 otherwise. */
export function registerHealthRoute(app: FastifyInstance, database: Database): void {
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
}
