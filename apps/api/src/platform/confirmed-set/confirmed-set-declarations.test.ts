import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCESS_TOKEN_HEADER, GRAPHQL_PATH } from '@app/shared';
import { getNamedType, type GraphQLField } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type GraphQLResponse, type TestApp } from '../../../test/test-app';
import { getSchema } from '../../server/schema';
import { STATE_CHANGING } from '../../graphql/state-changing-queries';
import { declaredCommands } from '../commands';
import { checkedSetWrites, confirmedSetWrites } from './confirmed-set';

/**
 * Issue 33 part 1, enforced: every write of the schema that acts on a set the operator was
 * shown is a declared set-write, takes a `fingerprint`, and really compares it through the one
 * helper (`confirmSet`): sent a fingerprint of another set, each answers LIST_CHANGED and the
 * helper saw it. A new mutation declares its scope (`scope: 'set'`, a set-write, or
 * `'records'`); a new state-changing query is a set-write; a declared write without a fixture
 * below fails; and nothing but the helper answers LIST_CHANGED.
 */
const schema = getSchema();
const mutations = schema.getMutationType()!.getFields();
const queries = schema.getQueryType()!.getFields();
const declared = confirmedSetWrites();
const declaredNames = new Set(declared.map((w) => w.name));

/**
 * Each mutation is a command that declares what it acts on (`scope`, platform/commands):
 * records named in its arguments (ids, one record, the session), or a set a preview showed.
 * Arguments that would make a set (a filter, an audience, a file, a window) are refused on a
 * write on records by SET_ARGUMENTS below.
 */
const commands = declaredCommands();
const scopeOf = new Map(commands.map((c) => [c.name, c.scope]));
const onRecords = commands.filter((c) => c.scope === 'records').map((c) => c.name);

/** Arguments that make a write act on a set rather than on named records. */
const SET_ARGUMENTS = ['searchParams', 'expectedCount', 'audience', 'file', 'startAt', 'endAt'];

function takesFingerprint(field: GraphQLField<unknown, unknown> | undefined): boolean {
  const arg = field?.args.find((a) => a.name === 'fingerprint');
  return arg !== undefined && getNamedType(arg.type).name === 'String';
}

describe('set-writes, by declaration', () => {
  it('every mutation declares its scope: a set is a declared set-write, records are not', () => {
    const names = Object.keys(mutations);
    expect(
      names.filter((name) => !scopeOf.get(name)),
      'declare its scope',
    ).toEqual([]);
    const sets = names.filter((name) => scopeOf.get(name) === 'set');
    expect(sets.length).toBeGreaterThan(0);
    expect(
      sets.filter((name) => !declaredNames.has(name)),
      'a write on a set is a confirmedSetWrite',
    ).toEqual([]);
    expect(
      onRecords.filter((name) => declaredNames.has(name)),
      "a confirmedSetWrite declares scope: 'set'",
    ).toEqual([]);
  });

  it('a write on named records takes nothing that makes a set', () => {
    for (const name of onRecords) {
      const args = (mutations[name]?.args ?? []).map((a) => a.name);
      expect(
        args.filter((a) => SET_ARGUMENTS.includes(a)),
        name,
      ).toEqual([]);
    }
  });

  it('every state-changing query is a declared set-write', () => {
    const stateChanging = Object.values(queries)
      .filter((q) => q.extensions[STATE_CHANGING] === true)
      .map((q) => q.name);
    expect(stateChanging.length).toBeGreaterThan(0);
    expect(stateChanging.filter((name) => !declaredNames.has(name))).toEqual([]);
  });

  it.each(declared.map((w) => [w.name, w] as const))(
    '%s is a root field of its kind and takes a fingerprint',
    (name, write) => {
      const field = write.root === 'mutation' ? mutations[name] : queries[name];
      expect(field, `${write.root} ${name}`).toBeDefined();
      expect(takesFingerprint(field)).toBe(true);
      if (write.root === 'query') expect(field!.extensions[STATE_CHANGING]).toBe(true);
    },
  );

  it('nothing but the helper answers LIST_CHANGED', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (
          entry.name.endsWith('.ts') &&
          !entry.name.endsWith('.test.ts') &&
          !file.includes(`${path.sep}confirmed-set${path.sep}`) &&
          /reason: 'LIST_CHANGED'/.test(fs.readFileSync(file, 'utf8'))
        )
          offenders.push(path.relative(root, file));
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});

// ---- each declared set-write, called with the fingerprint of another set ----

let t: TestApp;
let writer: string;
let notificationId: number;

beforeAll(async () => {
  t = await startTestApp();
  writer = await t.login('writer@example.com');
  const created = await t.gql<{ postCreateNotification: { notification: { id: number } } }>(
    'mutation { postCreateNotification(title: "T", content: "C", language: "en") { notification { id } } }',
    {},
    writer,
  );
  notificationId = created.data!.postCreateNotification.notification.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** A fingerprint of no set this test makes. */
const OTHER = '0'.repeat(64);

type Call = { query: string; variables?: Record<string, unknown>; csv?: string };

const PAYMENTS_CSV = 'userId,planId,paidUsd,assetETH,assetHEC,confirmedAt\n1,1,100,0.1,1,\n';
const RATES_CSV =
  'startAt,endAt,deadline,BTCHECRate,BTCETHRate\n,2030-01-01T00:00:00Z,2030-01-02T00:00:00Z,1,1\n';
const TX_CSV = 'id,transactionHash\n1,0xabc\n';
const PRINCIPAL_TX_CSV = 'id,hecTransactionHash,ethTransactionHash\n1,0xabc,0xdef\n';

const upload = (name: string, csv: string, extra = ''): Call => ({
  query: `mutation ($file: Upload!, $f: String) { ${name}(file: $file, fingerprint: $f${extra}) { __typename } }`,
  csv,
});

/**
 * How to call each declared set-write (the least that reaches its set). A write declared
 * without a way here fails: a new set-write comes with its fixture.
 */
function callOf(name: string): Call | undefined {
  if (name === 'postApproveMatchingWithdrawalRequests')
    return {
      query: `mutation ($f: String) { ${name}(kind: saving, expectedCount: 1, fingerprint: $f) { changedCount } }`,
    };
  if (name === 'postRejectMatchingWithdrawalRequests')
    return {
      query: `mutation ($f: String) { ${name}(kind: saving, expectedCount: 1, fingerprint: $f, reasonCode: other, reasonText: "x") { changedCount } }`,
    };
  if (name === 'postWithdrawalSigningExport')
    return {
      query: `mutation ($f: String) { ${name}(kind: saving, layout: v1, expectedCount: 1, clientKey: "declarations-test-key-0001", fingerprint: $f) { url } }`,
    };
  if (name === 'withdrawalSigningCsv')
    return {
      query: `query ($f: String) { ${name}(kind: saving, layout: v2, fingerprint: $f) { url } }`,
    };
  if (/^[a-zA-Z]+Csv(V2)?$/.test(name) && queries[name]?.extensions[STATE_CHANGING] === true)
    return { query: `query ($f: String) { ${name}(fingerprint: $f) { url } }` };
  if (name === 'postSendMail')
    return {
      query: `mutation ($id: Int!, $f: String) { ${name}(notificationId: $id, fingerprint: $f) { mailSendId } }`,
      variables: { id: notificationId },
    };
  if (name === 'postAssignRates')
    return {
      query: `mutation ($f: String) { ${name}(endAt: "2030-01-01T00:00:00Z", deadline: "2030-01-02T00:00:00Z", BTCHECRate: "1", BTCETHRate: "1", fingerprint: $f) { countPayments } }`,
    };
  if (name === 'postAddUserPaymentsByCSV') return upload(name, PAYMENTS_CSV);
  if (name === 'postAssignRatesByCSV') return upload(name, RATES_CSV);
  if (name === 'postWithdrawalTransactionsByCSV') return upload(name, TX_CSV, ', kind: saving');
  if (name === 'postPaymentPaidValueWithdrawalsTransactionsByCSV')
    return upload(name, PRINCIPAL_TX_CSV);
  if (/^post[A-Za-z]+TransactionsByCSV$/.test(name)) return upload(name, TX_CSV);
  return undefined;
}

async function send(call: Call): Promise<GraphQLResponse<unknown>> {
  if (call.csv === undefined) return t.gql(call.query, { ...call.variables, f: OTHER }, writer);
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({ query: call.query, variables: { file: null, f: OTHER } }),
  );
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([call.csv], { type: 'text/csv' }), 'file.csv');
  const response = await fetch(`${t.baseUrl}${GRAPHQL_PATH}`, {
    method: 'POST',
    headers: { [ACCESS_TOKEN_HEADER]: writer },
    body: form,
  });
  return (await response.json()) as GraphQLResponse<unknown>;
}

describe('set-writes, by what they do', () => {
  it.each(declared.map((w) => [w.name] as const))(
    '%s refuses another set through the one helper',
    async (name) => {
      const call = callOf(name);
      expect(call, `a fixture for ${name} in confirmed-set-declarations.test.ts`).toBeDefined();
      const answer = await send(call!);
      expect(answer.errors?.[0]?.extensions, name).toMatchObject({
        code: 'CONFLICT',
        reason: 'LIST_CHANGED',
      });
      expect(checkedSetWrites().has(name)).toBe(true);
    },
    60_000,
  );
});
