// `npm test`: every test. Browser tests need Debian's Chromium; without it they are skipped
// with one line, except under CI=true where a missing browser fails the run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildWebIfNeeded } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = fs.existsSync(chromium);
const ci = process.env.CI === 'true';
const e2eOnly = process.argv.includes('--e2e-only');

if (!hasChromium && ci) {
  console.error(
    `CI=true but no Chromium at ${chromium}: install it with apt-get install -y chromium.`,
  );
  process.exit(1);
}
const projects = e2eOnly ? [] : ['shared', 'api', 'web'];
if (hasChromium) {
  buildWebIfNeeded();
  projects.push('e2e');
} else {
  console.log(`No Chromium at ${chromium}: skipping the browser (e2e) tests.`);
}
if (projects.length === 0) process.exit(0);
const args = [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  ...process.argv.slice(2).filter((a) => a !== '--e2e-only'),
];
const result = spawnSync('npx', args, { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
