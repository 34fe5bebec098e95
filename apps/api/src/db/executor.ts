import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

/** What repositories run on: the database, or a transaction a service opened. */
export type Executor = Kysely<DB> | Transaction<DB>;
