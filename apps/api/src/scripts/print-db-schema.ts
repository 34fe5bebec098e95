import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrator';
import { dumpSchema } from '../db/schema-dump';

/**
 * Writes `schema.sql` from a fresh embedded database with every migration applied; `--check`
 * fails instead when the committed file differs. (With DATABASE_URL it reads that database,
 * which must be freshly migrated: the test checks PostgreSQL gives the same text.)
 */
const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schema.sql');
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
try {
  await migrate(database.db);
  const printed = await dumpSchema(database.db);
  if (process.argv.includes('--check')) {
    const committed = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
    if (committed !== printed) {
      console.error('schema.sql is out of date: run `npm run db:schema`.');
      process.exitCode = 1;
    }
  } else {
    fs.writeFileSync(target, printed);
    console.log(`Wrote ${path.relative(process.cwd(), target)}`);
  }
} finally {
  await database.close();
}
