import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMAND_REGISTRY, printCommandRegistry } from './command-registry';

/**
 * Writes the registry of the command files, the contract, what each mutation refreshes (the
 * web app's `useWrite` reads it) and the audit events the commands declare (the shared
 * registry of operations, the readers' types); `--check` fails instead when a committed file
 * differs.
 * The registry is written before the schema is loaded, which imports it.
 */
const check = process.argv.includes('--check');
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let stale = false;

function write(target: string, text: string): void {
  const committed = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (committed === text) return;
  if (check) {
    console.error(
      `${path.relative(process.cwd(), target)} is out of date: run \`npm run codegen\`.`,
    );
    stale = true;
  } else {
    fs.writeFileSync(target, text);
    console.log(`Wrote ${path.relative(process.cwd(), target)}`);
  }
}

write(COMMAND_REGISTRY, printCommandRegistry());
const { printContract, printRefreshes } = await import('../server/schema');
write(path.join(apiRoot, 'schema.graphql'), printContract());
write(path.resolve(apiRoot, '../web/src/gql/refreshes.ts'), printRefreshes());
const { printAuditOperations, printAuditEventTypes } = await import('../server/audit-registry');
write(
  path.resolve(apiRoot, '../../packages/shared/src/audit-operations.ts'),
  printAuditOperations(),
);
write(path.join(apiRoot, 'src/modules/audit/audit-event-types.ts'), await printAuditEventTypes());
if (stale) process.exit(1);
