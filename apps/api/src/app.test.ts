import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config/env';
import { createTestDatabase } from '../test/test-database';
import type { Database } from './db/database';
import type { FastifyInstance } from 'fastify';

let database: Database;
let app: FastifyInstance;
let distDir: string;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(
    path.join(distDir, 'assets', 'app-abc123.js.br'),
    zlib.brotliCompressSync('console.log(1)'),
  );
  database = await createTestDatabase();
  app = await buildApp(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: distDir }),
    database,
  );
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('the HTTP app', () => {
  it('answers /healthz with 200 while the database answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it.each(['/', '/login', '/common/users/12', '/aubecoin_saving/withdrawals?page=2'])(
    'serves the web app for the deep link %s',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('serves fingerprinted assets with a long cache lifetime', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends the pre-compressed copy when the browser accepts brotli', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe('console.log(1)');
  });

  it('answers 404 for a missing asset instead of the app', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(response.statusCode).toBe(404);
  });

  it('answers 404 for unknown non-GET paths', async () => {
    const response = await app.inject({ method: 'POST', url: '/nope' });
    expect(response.statusCode).toBe(404);
  });
});
