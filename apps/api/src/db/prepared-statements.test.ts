import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { namingPool, prepareStatement } from './prepared-statements';

type Sent = unknown[];

/** A pool whose one client records what it is sent (no database). */
function fakePool() {
  const sent: Sent[] = [];
  const client = {
    released: 0,
    query(...args: unknown[]) {
      sent.push(args);
      return Promise.resolve({ rows: [] });
    },
    release() {
      this.released += 1;
    },
  };
  const pool = { connect: () => Promise.resolve(client), totalCount: 1 };
  return { pool: pool as unknown as pg.Pool, client, sent };
}

describe('namingPool', () => {
  it('sends a declared statement by name and any other as it is', async () => {
    const { pool, sent } = fakePool();
    prepareStatement('select 1 where $1::int > 0');
    const client = await namingPool(pool).connect();
    await client.query('select 1 where $1::int > 0', [1]);
    await client.query('select 2', []);
    expect(sent[0]).toEqual([
      { name: expect.stringMatching(/^s_/), text: 'select 1 where $1::int > 0', values: [1] },
    ]);
    expect(sent[1]).toEqual(['select 2', []]);
  });

  it('hands out the same functions on every read, bound to the client', async () => {
    // Kysely reads `query` and `release` on every statement: a new function per read was
    // garbage per query on the hottest path.
    const { pool, client: raw } = fakePool();
    const naming = namingPool(pool);
    expect(naming.connect).toBe(naming.connect);
    const client = await naming.connect();
    expect(client.query).toBe(client.query);
    expect(client.release).toBe(client.release);
    client.release();
    expect(raw.released).toBe(1);
    expect(naming.totalCount).toBe(1);
    // The same client comes back as the same wrapper (Kysely keeps its connection by it).
    expect(await naming.connect()).toBe(client);
  });
});
