import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printContract } from '../server/schema';

/** Writes the contract; `--check` fails instead when the committed file differs. */
const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schema.graphql');
const printed = printContract();
if (process.argv.includes('--check')) {
  const committed = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (committed !== printed) {
    console.error('schema.graphql is out of date: run `npm run codegen`.');
    process.exit(1);
  }
} else {
  fs.writeFileSync(target, printed);
  console.log(`Wrote ${path.relative(process.cwd(), target)}`);
}
