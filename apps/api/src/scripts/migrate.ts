import { loadConfig } from '../config/env';
import { openConfiguredDatabase } from '../db/database';
import { migrate } from '../db/migrator';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  const applied = await migrate(database.db);
  console.log(
    applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database is up to date.',
  );
} finally {
  await database.close();
}
