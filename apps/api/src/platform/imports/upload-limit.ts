import type { FastifyInstance } from 'fastify';
import { GRAPHQL_PATH } from '@app/shared';

/**
 * Answers an oversized upload before a byte of it is read: a multipart request to the GraphQL
 * endpoint must declare its length (every browser does for a FormData body), and one whose
 * body is over IMPORT_MAX_BYTES is refused with 413 PAYLOAD_TOO_LARGE. The limit is exact
 * (issue 33): it bounds the whole body, the file and its multipart envelope (a few hundred
 * bytes: the operations and map fields, the boundaries), so a body of IMPORT_MAX_BYTES is read
 * and one byte more is not; yoga reads at most as much (maxRequestBodySize), and the engine's
 * own check of the file then never has more to refuse. Runs after the CSRF check.
 */
export function registerUploadLimit(app: FastifyInstance, maxBodyBytes: number): void {
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
    if (length > maxBodyBytes) {
      // Answered from the declared length: not a byte of the body is parsed.
      void reply.code(413).send({
        errors: [
          {
            message: `The upload is larger than the limit of ${formatLimit(maxBodyBytes)}.`,
            extensions: { code: 'PAYLOAD_TOO_LARGE', maxBytes: maxBodyBytes },
          },
        ],
      });
      return;
    }
    done();
  });
}

function formatLimit(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MiB`
    : `${bytes} bytes`;
}
