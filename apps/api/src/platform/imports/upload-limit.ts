import type { FastifyInstance } from 'fastify';
import { GRAPHQL_PATH } from '@app/shared';

/** Room for the multipart envelope (boundaries, the operations and map fields) around a file. */
export const UPLOAD_ENVELOPE_BYTES = 64 * 1024;

/**
 * Answers an oversized upload before a byte of it is read: a multipart request to the GraphQL
 * endpoint must declare its length (every browser does for a FormData body), and one over the
 * import limit is refused with 413 PAYLOAD_TOO_LARGE. Runs after the CSRF check.
 */
export function registerUploadLimit(app: FastifyInstance, maxFileBytes: number): void {
  // Callback style (no promise per request); a refused upload is answered and goes no further.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'POST' || request.url.split('?')[0] !== GRAPHQL_PATH) return done();
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'multipart/form-data') return done();
    const declared = request.headers['content-length'];
    const length = declared === undefined ? NaN : Number(declared);
    if (!Number.isFinite(length)) {
      void reply.code(411).send({
        errors: [
          {
            message: 'An upload must declare its Content-Length.',
            extensions: { code: 'BAD_USER_INPUT' },
          },
        ],
      });
      return;
    }
    if (length > maxFileBytes + UPLOAD_ENVELOPE_BYTES) {
      void reply.code(413).send({
        errors: [
          {
            message: `The file is larger than the limit of ${Math.floor(maxFileBytes / (1024 * 1024)) || 1} MiB.`,
            extensions: { code: 'PAYLOAD_TOO_LARGE', maxBytes: maxFileBytes },
          },
        ],
      });
      return;
    }
    done();
  });
}
