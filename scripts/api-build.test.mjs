import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApi } from './api-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bundle = path.join(root, 'apps/api/dist/main.js');

describe('the compiled API (npm start runs apps/api/dist/main.js)', () => {
  it('builds, loads every module and refuses demo accounts on a network address', async () => {
    await buildApi();
    expect(fs.existsSync(bundle)).toBe(true);
    // The configuration is checked before anything opens: a quick run of the real bundle.
    const run = spawnSync(process.execPath, [bundle], {
      env: { PATH: process.env.PATH, HOST: '0.0.0.0', DATA_DIR: '/nonexistent-demo-data' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(78);
    expect(run.stderr).toMatch(/ALLOW_DEMO_ON_NETWORK/);
  }, 90_000);
});
