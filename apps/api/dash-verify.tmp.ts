import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { verifyPopulation } from '/work/wt/dashboard/apps/api/src/seed/population/verify-population';
const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 }) }) });
const started = Date.now();
console.log(JSON.stringify(await verifyPopulation(db)), (Date.now() - started) / 1000, 's');
await db.destroy();
