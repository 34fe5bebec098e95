import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API package's folder (apps/api), found by walking up from this module to the
 * package.json named @app/api: the same answer from the TypeScript sources (tests, tsx) and
 * from the compiled bundle in apps/api/dist, whose depth differs.
 */
function findApiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@app/api') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find the @app/api package folder');
    dir = parent;
  }
}

export const apiRoot = findApiRoot();
export const repoRoot = path.resolve(apiRoot, '../..');
