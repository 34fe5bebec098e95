import fs from 'node:fs';
import path from 'node:path';

const ROUTES_FILE = path.resolve(import.meta.dirname, '../../apps/web/src/app/routes.tsx');

/**
 * Every path of the web app's route table (APP_ROUTES in apps/web/src/app/routes.tsx), with
 * `:id` filled in: the walks over every route read the router's own list, so a new route is
 * covered without touching a test.
 */
export function appRoutePaths(userId: number): string[] {
  const source = fs.readFileSync(ROUTES_FILE, 'utf8');
  const paths = [...source.matchAll(/\{ path: '([^']+)'/g)].map((m) => m[1]!);
  if (paths.length < 30) throw new Error(`only ${paths.length} routes read from ${ROUTES_FILE}`);
  return paths.map((p) => p.replace(':id', String(userId)));
}
