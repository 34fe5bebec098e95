// `npm test`: every test. Browser tests need Debian's Chromium; without it they are skipped
// with one line, except under CI=true where a missing browser fails the run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildWebIfNeeded } from './web-build.mjs';
import { failureDigest } from './failure-digest.mjs';

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
const projects = e2eOnly ? [] : ['scripts', 'shared', 'api', 'web'];
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

// The output is passed through as it comes and also kept, so that a failed run can repeat
// its failures and unhandled errors last: CI logs are often read from the tail, where
// vitest prints only the counts.
const child = spawn('npx', args, { cwd: root, stdio: ['inherit', 'pipe', 'pipe'] });
const chunks = [];
for (const [from, to] of [
  [child.stdout, process.stdout],
  [child.stderr, process.stderr],
]) {
  from.on('data', (chunk) => {
    chunks.push(chunk);
    to.write(chunk);
  });
}
child.on('close', (code) => {
  const status = code ?? 1;
  if (status !== 0) {
    const digest = failureDigest(Buffer.concat(chunks).toString('utf8'));
    if (digest) console.error(`\n=== What failed (repeated from above)\n${digest}`);
  }
  process.exit(status);
});
