import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app and answers every other GET with its index.html, so a deep link
 * such as /common/users/12 opens the app (history-mode routing).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // Our own cache headers below, not the plugin's default max-age=0.
      cacheControl: false,
      // The build writes .br and .gz beside each asset; send those when the browser accepts them.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/, so those may be cached for ever.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const accept = request.headers.accept ?? '';
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ error: 'Not Found' });
    }
    if (path.extname(request.url.split('?')[0] ?? '') !== '' && !accept.includes('text/html')) {
      return reply.code(404).send({ error: 'Not Found' });
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build`, or start with `npm start`.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
