// Builds the web app when apps/web/dist is missing or older than its sources.
import { execSync } from 'node:child_process';
import path from 'node:path';
import { isOutOfDate } from './build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  // The build's plugin (it inlines the generated documents).
  'apps/web/scripts/vite-graphql-documents.ts',
  'packages/shared/src',
];

/** Runs `vite build` unless the built app is newer than every source file. */
export function buildWebIfNeeded() {
  if (!isOutOfDate(distIndex, sources)) return false;
  console.log('Building the web app…');
  execSync('npm run build -w @app/web', { cwd: root, stdio: 'inherit' });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfNeeded();
