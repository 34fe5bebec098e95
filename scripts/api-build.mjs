// Compiles the API into one JavaScript file, apps/api/dist/main.js (esbuild; the packages
// it depends on stay in node_modules), when it is missing or older than its sources.
// Production runs that file: no TypeScript compiler at start-up.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outfile = path.join(root, 'apps/api/dist/main.js');
const sources = ['apps/api/src', 'apps/api/package.json', 'packages/shared/src'];

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
  const builtAt = fs.existsSync(outfile) ? fs.statSync(outfile).mtimeMs : 0;
  if (builtAt > Math.max(...sources.map(newestMtime))) return false;
  console.log('Building the API…');
  await buildApi();
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildApi();
