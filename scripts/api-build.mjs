// Compiles the API into one JavaScript file, apps/api/dist/main.js (esbuild; the packages
// it depends on stay in node_modules), when it is missing or older than its sources.
// Production runs that file: no TypeScript compiler at start-up.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { isOutOfDate } from './build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outfile = path.join(root, 'apps/api/dist/main.js');
const sources = ['apps/api/src', 'apps/api/package.json', 'packages/shared/src'];

/** Bundles apps/api/src/main.ts; @app/shared (TypeScript sources) is bundled in. */
export async function buildApi() {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'apps/api/package.json'), 'utf8'));
  await build({
    entryPoints: [path.join(root, 'apps/api/src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Workspace packages are TypeScript sources: bundled in, never loaded at run time.
    external: Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@app/')),
    logLevel: 'warning',
  });
}

/** Builds unless the bundle is newer than every source file; true when it built. */
export async function buildApiIfNeeded() {
  if (!isOutOfDate(outfile, sources)) return false;
  console.log('Building the API…');
  await buildApi();
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildApi();
