// Builds the web app when apps/web/dist is missing or older than its sources.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...fs.readdirSync(full).map((name) => newestMtime(path.join(target, name))),
  );
}

/** Runs `vite build` unless the built app is newer than every source file. */
export function buildWebIfNeeded() {
  const builtAt = fs.existsSync(distIndex) ? fs.statSync(distIndex).mtimeMs : 0;
  if (builtAt > Math.max(...sources.map(newestMtime))) return false;
  console.log('Building the web app…');
  execSync('npm run build -w @app/web', { cwd: root, stdio: 'inherit' });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfNeeded();
