import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER, GRAPHQL_PATH } from '@app/shared';
import type { GraphQLResponse, TestApp } from '../../../test/test-app';
import { startDemoApp } from '../../../test/demo-app';

/** Transaction CSV uploads through the import engine: all or nothing, by line, never twice. */
let t: TestApp;
let writer: string;
let reader: string;

const hash = (seed: string) => `0x${createHash('sha256').update(seed).digest('hex')}`;

type UploadAnswer = {
  message: string;
  messageCode: string;
  messageParams: string;
  countTransactions: number;
  isSuccess: boolean;
  transactionsCount: number;
  report: {
    rowCount: number;
    invalidRowCount: number;
    errorCount: number;
    applicableRowCount: number;
    notApplicableReason: string | null;
    errors: Array<{
      line: number;
      column: string | null;
      code: string;
      params: string;
      message: string;
    }>;
  };
};

async function upload(
  mutation: string,
  csv: string,
  options: { dryRun?: boolean; token?: string } = {},
): Promise<GraphQLResponse<Record<string, UploadAnswer>>> {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query: `mutation ($file: Upload!, $dryRun: Boolean) { ${mutation}(file: $file, dryRun: $dryRun) {
        message messageCode messageParams countTransactions isSuccess transactionsCount
        report { rowCount invalidRowCount errorCount applicableRowCount notApplicableReason
          errors { line column code params message } } } }`,
      variables: { file: null, dryRun: options.dryRun ?? false },
    }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', new Blob([csv], { type: 'text/csv' }), 'transactions.csv');
  const response = await fetch(`${t.baseUrl}${GRAPHQL_PATH}`, {
    method: 'POST',
    headers: { [ACCESS_TOKEN_HEADER]: options.token ?? writer },
    body: form,
  });
  return (await response.json()) as GraphQLResponse<Record<string, UploadAnswer>>;
}

/** Puts n requested requests of a kind into processing (approvals, approved, processing). */
async function toProcessing(kind: string, n: number): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    SELECT id::text AS id FROM withdrawal_requests WHERE kind = ${kind} AND status = 'requested'
     ORDER BY withdrawal_requests.id LIMIT ${n}`.execute(t.database.db);
  expect(rows.rows).toHaveLength(n);
  const ids = rows.rows.map((r) => r.id);
  await sql`INSERT INTO withdrawal_approvals (withdrawal_request_id, admin_user_name, revision)
    SELECT id, a, 1 FROM unnest(${ids}::bigint[]) AS id, unnest(ARRAY['a1', 'a2']) AS a`.execute(
    t.database.db,
  );
  await sql`UPDATE withdrawal_requests SET status = 'approved' WHERE id = ANY(${ids}::bigint[])`.execute(
    t.database.db,
  );
  await sql`UPDATE withdrawal_requests SET status = 'processing' WHERE id = ANY(${ids}::bigint[])`.execute(
    t.database.db,
  );
  return ids;
}

async function statusOf(ids: string[]): Promise<string[]> {
  const r = await sql<{ status: string }>`
    SELECT status FROM withdrawal_requests WHERE id = ANY(${ids}::bigint[]) ORDER BY withdrawal_requests.id`.execute(
    t.database.db,
  );
  return r.rows.map((x) => x.status);
}

beforeAll(async () => {
  ({
    t,
    tokens: { writer, reader },
  } = await startDemoApp({ users: 400, seed: 13 }));
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const SAVING = 'postSavingWithdrawalsTransactionsByCSV';
const PRINCIPAL = 'postPaymentPaidValueWithdrawalsTransactionsByCSV';

describe('transaction uploads', () => {
  it('completes processing requests; the dry run changes nothing; the same file twice is refused', async () => {
    const ids = await toProcessing('saving', 2);
    const csv = `id,transactionHash\n${ids[0]},${hash('a')}\n${ids[1]},${hash('b').toUpperCase().replace('0X', '0x')}\n`;
    const dry = await upload(SAVING, csv, { dryRun: true });
    expect(dry.errors, JSON.stringify(dry.errors)).toBeUndefined();
    expect(dry.data![SAVING]).toMatchObject({ isSuccess: true, countTransactions: 2 });
    // What the answer says is a code with parameters the web app words in the admin's language.
    expect(dry.data![SAVING]).toMatchObject({ messageCode: 'checked' });
    expect(JSON.parse(dry.data![SAVING]!.messageParams)).toEqual({
      rowCount: 2,
      invalidRowCount: 0,
      errorCount: 0,
    });
    expect(dry.data![SAVING]!.report).toMatchObject({
      rowCount: 2,
      invalidRowCount: 0,
      applicableRowCount: 2,
      notApplicableReason: null,
    });
    expect(await statusOf(ids)).toEqual(['processing', 'processing']);

    const applied = await upload(SAVING, csv);
    expect(applied.errors).toBeUndefined();
    expect(applied.data![SAVING]).toMatchObject({
      isSuccess: true,
      transactionsCount: 2,
      countTransactions: 2,
      messageCode: 'completed',
    });
    expect(JSON.parse(applied.data![SAVING]!.messageParams)).toEqual({ count: 2 });
    expect(await statusOf(ids)).toEqual(['completed', 'completed']);
    for (const id of ids) {
      const audit = await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log
        WHERE operation = 'withdrawalTransactionsUpload' AND target_type = 'withdrawal_request'
          AND target_ids @> ARRAY[${id}]::text[]`.execute(t.database.db);
      expect(audit.rows[0]!.n).toBe(1);
    }

    const checkedAgain = await upload(SAVING, csv, { dryRun: true });
    expect(checkedAgain.data![SAVING]).toMatchObject({
      isSuccess: false,
      messageCode: 'alreadyImported',
    });
    expect(JSON.parse(checkedAgain.data![SAVING]!.messageParams)).toEqual({ rowCount: 2 });
    // Issue 26: the report says why nothing applies, not only "2 rows read, 0 invalid".
    expect(checkedAgain.data![SAVING]!.report).toMatchObject({
      rowCount: 2,
      invalidRowCount: 0,
      errorCount: 0,
      applicableRowCount: 0,
      notApplicableReason: 'alreadyImported',
    });
    // The same rows in another order are the same file (a file is its set of rows, issue 33).
    const reordered = `id,transactionHash\n${ids[1]},${hash('b')}\n${ids[0]},${hash('a')}\n`;
    const checkedReordered = await upload(SAVING, reordered, { dryRun: true });
    expect(checkedReordered.data![SAVING]!.report).toMatchObject({
      rowCount: 2,
      invalidRowCount: 0,
      errorCount: 0,
      applicableRowCount: 0,
      notApplicableReason: 'alreadyImported',
    });

    const again = await upload(SAVING, csv);
    expect(again.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(again.errors?.[0]?.extensions?.reason).toBe('ALREADY_IMPORTED');
    // Issue 26: which import applied it, when and by whom, as a code with parameters the
    // screen words in the admin's language (not only the English message).
    const first = await sql<{ id: string; at: Date; by: string }>`
      SELECT id::text AS id, imported_at AS at, admin_user_name AS by FROM csv_imports
       WHERE kind = 'withdrawal-tx-saving' ORDER BY id DESC LIMIT 1`.execute(t.database.db);
    expect(first.rows[0]!.by).toBeTruthy();
    expect(again.errors?.[0]?.extensions).toMatchObject({
      applyRefusal: 'alreadyImported',
      params: {
        importId: first.rows[0]!.id,
        importedAt: first.rows[0]!.at.toISOString(),
        importedBy: first.rows[0]!.by,
      },
    });
  });

  it('refuses the whole file when a request changes between the checks and the apply (issue 26)', async () => {
    const ids = await toProcessing('saving', 2);
    // Stands for another upload completing the second request after this file's checks: the
    // apply's UPDATE skips it (a row-level trigger that keeps the row as it was).
    await sql`CREATE FUNCTION test_skip_completion() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RETURN NULL; END $$`.execute(t.database.db);
    await sql
      .raw(
        `CREATE TRIGGER test_skip_completion BEFORE UPDATE ON withdrawal_requests
      FOR EACH ROW WHEN (OLD.id = ${Number(ids[1])} AND NEW.status = 'completed')
      EXECUTE FUNCTION test_skip_completion()`,
      )
      .execute(t.database.db);
    try {
      const csv = `id,transactionHash\n${ids[0]},${hash('cd0')}\n${ids[1]},${hash('cd1')}\n`;
      const result = await upload(SAVING, csv);
      expect(result.errors?.[0]?.extensions).toMatchObject({
        code: 'CONFLICT',
        reason: 'CHANGED_DURING_APPLY',
        applyRefusal: 'changedDuringApply',
        params: {},
      });
      // Nothing changed: the first request is not completed alone.
      expect(await statusOf(ids)).toEqual(['processing', 'processing']);
    } finally {
      await sql`DROP TRIGGER test_skip_completion ON withdrawal_requests`.execute(t.database.db);
      await sql`DROP FUNCTION test_skip_completion()`.execute(t.database.db);
    }
  });

  it('refuses a used hash in any letter case, a bad hash, a rejected or completed request; nothing changes', async () => {
    const [open] = await toProcessing('saving', 1);
    const used = await sql<{ id: string; h: string }>`
      SELECT id::text AS id, transaction_hash AS h FROM withdrawal_requests WHERE status = 'completed' AND kind = 'saving'
       ORDER BY withdrawal_requests.id LIMIT 1`.execute(t.database.db);
    const rejected = await sql<{ id: string }>`
      SELECT id::text AS id FROM withdrawal_requests WHERE status = 'rejected' AND kind = 'saving' LIMIT 1`.execute(
      t.database.db,
    );
    const csv = [
      'id,transactionHash',
      // Written without its 0x and in upper case: still the same hash.
      `${open},${used.rows[0]!.h.slice(2).toUpperCase()}`,
      `${rejected.rows[0]!.id},${hash('r')}`,
      `${used.rows[0]!.id},${hash('c')}`,
      `${open},not-a-hash`,
      `999999999,${hash('missing')}`,
    ].join('\n');
    const result = await upload(SAVING, csv);
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const dry = await upload(SAVING, csv, { dryRun: true });
    const errors = dry.data![SAVING]!.report.errors.map((e) => [e.line, e.column, e.code]);
    expect(errors).toEqual(
      expect.arrayContaining([
        [2, 'transactionHash', 'hash_used'],
        [3, 'id', 'request_not_processing'],
        [4, 'id', 'request_not_processing'],
        [5, 'transactionHash', 'hash_format'],
        [6, 'id', 'unknown_reference'],
      ]),
    );
    // Each refusal is a code of its own with its parameters, which the web app words in the
    // admin's language; the English message stays for API callers.
    const paramsOf = (line: number) =>
      JSON.parse(dry.data![SAVING]!.report.errors.find((e) => e.line === line)!.params) as unknown;
    expect(paramsOf(2)).toEqual({ requestId: used.rows[0]!.id });
    expect(paramsOf(3)).toEqual({ status: 'rejected' });
    expect(paramsOf(4)).toEqual({ status: 'completed' });
    expect(dry.data![SAVING]!.isSuccess).toBe(false);
    // Five rows, each wrong once.
    expect(dry.data![SAVING]!.report).toMatchObject({
      rowCount: 5,
      invalidRowCount: 5,
      errorCount: 5,
      applicableRowCount: 0,
      notApplicableReason: 'allRowsInvalid',
    });
    expect(await statusOf([open!])).toEqual(['processing']);
  });

  it('principal withdrawals that send both coins take both hashes and complete with both', async () => {
    // The first requested one (toProcessing's pick) made to send both coins; one sending a
    // single coin takes that coin's hash alone (withdrawal-principal-transfers.test.ts).
    await sql`UPDATE withdrawal_requests
                 SET amount = 10, fee = 0.1, net_amount = 9.9, hec_principal = 10, hec_reward = 0,
                     hec_fee = 0.1, eth_principal = 0.5, eth_reward = 0.025, eth_fee = 0.005
               WHERE id = (SELECT min(id) FROM withdrawal_requests
                            WHERE kind = 'payment_paid_value' AND status = 'requested')`.execute(
      t.database.db,
    );
    const [id] = await toProcessing('payment_paid_value', 1);
    const csv = `id,hecTransactionHash,ethTransactionHash\n${id},${hash('hec')},${hash('eth')}\n`;
    const result = await upload(PRINCIPAL, csv);
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    const row = await sql<{ status: string; h: string; e: string }>`
      SELECT status, transaction_hash AS h, eth_transaction_hash AS e FROM withdrawal_requests WHERE id = ${id}`.execute(
      t.database.db,
    );
    // Stored as the import engine spells every hash: 0x + lower case.
    const r = row.rows[0]!;
    expect([r.status, r.h, r.e]).toEqual(['completed', hash('hec'), hash('eth')]);
  });

  it('one bad line in 10,000 refuses the whole file and names the line', async () => {
    const user = await sql<{ id: number }>`SELECT id FROM end_users ORDER BY id LIMIT 1`.execute(
      t.database.db,
    );
    const inserted = await sql<{ id: string }>`
      INSERT INTO withdrawal_requests (kind, end_user_id, coin_type, amount, net_amount, receiver_address)
      SELECT 'affiliate_bonus', ${user.rows[0]!.id}, 'HEC', 1, 1, '0xbulk' || g FROM generate_series(1, 10000) g
      RETURNING id::text AS id`.execute(t.database.db);
    const ids = inserted.rows.map((r) => r.id);
    await sql`INSERT INTO withdrawal_approvals (withdrawal_request_id, admin_user_name, revision)
      SELECT id, 'a1', 1 FROM unnest(${ids}::bigint[]) AS id`.execute(t.database.db);
    await sql`UPDATE withdrawal_requests SET status = 'approved' WHERE id = ANY(${ids}::bigint[])`.execute(
      t.database.db,
    );
    await sql`UPDATE withdrawal_requests SET status = 'processing' WHERE id = ANY(${ids}::bigint[])`.execute(
      t.database.db,
    );
    const lines = ids.map((id, i) => `${id},${i === 6789 ? '0x12' : hash(`bulk${i}`)}`);
    const result = await upload(
      'postAffiliateBonusWithdrawalsTransactionsByCSV',
      `id,transactionHash\n${lines.join('\n')}\n`,
    );
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0]?.extensions?.errorCount).toBe(1);
    const errors = result.errors?.[0]?.extensions?.errors as Array<{ line: number; code: string }>;
    expect(errors.map((e) => [e.line, e.code])).toEqual([[6791, 'hash_format']]);
    const still = await sql<{ n: number }>`SELECT count(*)::int AS n FROM withdrawal_requests
      WHERE id = ANY(${ids}::bigint[]) AND status = 'processing'`.execute(t.database.db);
    expect(still.rows[0]!.n).toBe(10000);
  }, 120_000);

  it('serves each kind its template, to signed-in admins, that the upload reads as it is', async () => {
    const path = `${t.baseUrl}/templates/withdrawal-transactions.csv`;
    expect((await fetch(`${path}?kind=saving`)).status).toBe(401);
    expect(
      (await fetch(`${path}?kind=nonsense`, { headers: { [ACCESS_TOKEN_HEADER]: reader } })).status,
    ).toBe(404);
    const get = async (kind: string, lang: string) => {
      const response = await fetch(`${path}?kind=${kind}&lang=${lang}`, {
        headers: { [ACCESS_TOKEN_HEADER]: reader },
      });
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer()).toString('utf8');
    };
    const saving = await get('saving', 'ja');
    expect(saving.split('\r\n')[0]).toBe('\uFEFFid,transactionHash');
    expect(saving).toContain('16 進数 64 桁');
    const principal = await get('payment_paid_value', 'en');
    expect(principal.split('\r\n')[0]).toBe('\uFEFFid,hecTransactionHash,ethTransactionHash');
    expect(principal).toContain('64 hexadecimal digits');
    // Filled in (the example row's id replaced by a request in Processing), it is read as it
    // is: the notes are comment lines, skipped.
    const [id] = await toProcessing('saving', 1);
    const filled = saving.replace(/^(\uFEFF[^\r]*\r\n)123,/, `$1${id},`);
    const dry = await upload(SAVING, filled, { dryRun: true });
    expect(dry.errors, JSON.stringify(dry.errors)).toBeUndefined();
    expect(dry.data![SAVING]).toMatchObject({ isSuccess: true, countTransactions: 1 });
  });

  it('the read role cannot upload', async () => {
    const [id] = await toProcessing('saving', 1);
    const result = await upload(SAVING, `id,transactionHash\n${id},${hash('reader')}\n`, {
      token: reader,
    });
    expect(result.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await statusOf([id!])).toEqual(['processing']);
  });
});
