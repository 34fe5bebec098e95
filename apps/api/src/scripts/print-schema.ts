import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printContract, printRefreshes } from '../server/schema';

/**
 * Writes the contract and what each mutation refreshes (the web app's `useWrite` reads it);
 * `--check` fails instead when a committed file differs.
 */
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const printed: [string, string][] = [
  [path.join(apiRoot, 'schema.graphql'), printContract()],
  [path.resolve(apiRoot, '../web/src/gql/refreshes.ts'), printRefreshes()],
];
let stale = false;
for (const [target, text] of printed) {
  const committed = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (committed === text) continue;
  if (process.argv.includes('--check')) {
    console.error(
      `${path.relative(process.cwd(), target)} is out of date: run \`npm run codegen\`.`,
    );
    stale = true;
  } else {
    fs.writeFileSync(target, text);
    console.log(`Wrote ${path.relative(process.cwd(), target)}`);
  }
}
if (stale) process.exit(1);
