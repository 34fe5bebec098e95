import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { namingPool, prepareStatement, queryRows } from './prepared-statements';

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

/** A pool with pg's callback API whose one client records what it is sent. */
function callbackPool(fail = false) {
  const sent: unknown[] = [];
  let released = 0;
  const client = {
    query(config: unknown, callback: (error: Error | null, result?: { rows: unknown[] }) => void) {
      sent.push(config);
      if (fail) callback(new Error('refused'));
      else callback(null, { rows: [{ n: 1 }] });
    },
  };
  const pool = {
    connect(callback: (error: Error | undefined, c: typeof client, release: () => void) => void) {
      callback(undefined, client, () => {
        released += 1;
      });
    },
  };
  return { pool: pool as unknown as pg.Pool, sent, released: () => released };
}

describe('queryRows', () => {
  it('sends a declared statement by name, another as it is, and releases the connection', async () => {
    const { pool, sent, released } = callbackPool();
    prepareStatement('select 3 where $1::int > 0');
    expect(await queryRows(pool, 'select 3 where $1::int > 0', [1])).toEqual([{ n: 1 }]);
    expect(await queryRows(pool, 'select 4', [])).toEqual([{ n: 1 }]);
    expect(sent).toEqual([
      { name: expect.stringMatching(/^s_/), text: 'select 3 where $1::int > 0', values: [1] },
      { text: 'select 4', values: [] },
    ]);
    expect(released()).toBe(2);
  });

  it('releases the connection (for reuse, as Kysely does) when the statement fails', async () => {
    const { pool, released } = callbackPool(true);
    await expect(queryRows(pool, 'select 5', [])).rejects.toThrow('refused');
    expect(released()).toBe(1);
  });
});
