import { sql } from 'kysely';
import { ACCESS_TOKEN_HEADER, GRAPHQL_PATH } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphQLResponse, TestApp } from '../../../test/test-app';
import { startDemoApp } from '../../../test/demo-app';

/**
 * Issue 33 part 1, "A confirmed set is a fingerprint, not a count": each write on a set the
 * operator was shown is refused (CONFLICT, LIST_CHANGED) when the set changed under its
 * confirmation, even to one of the same size, and changes nothing; sent with the fingerprint
 * of the set as it is, it goes through. Over HTTP, on PGlite or on PostgreSQL (DATABASE_URL).
 */
let t: TestApp;
let writer: string;

beforeAll(async () => {
  ({
    t,
    tokens: { writer },
  } = await startDemoApp({ users: 1000, seed: 5 }));
  // The kinds with the most requested requests: one for the export, one for "all matching".
  const r = await sql<{ kind: string; n: number }>`
    SELECT kind, count(*)::int AS n FROM withdrawal_requests WHERE status = 'requested'
     GROUP BY kind ORDER BY n DESC, kind`.execute(t.database.db);
  [exportKind, matchingKind] = r.rows.map((x) => x.kind);
}, 240_000);

let exportKind: string | undefined;
let matchingKind: string | undefined;

afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

function refusal(result: GraphQLResponse<unknown>) {
  return {
    code: result.errors?.[0]?.extensions?.code,
    reason: result.errors?.[0]?.extensions?.reason,
  };
}

const LIST_CHANGED = { code: 'CONFLICT', reason: 'LIST_CHANGED' };

async function statusOf(ids: readonly string[]): Promise<string[]> {
  const r = await sql<{ id: string; status: string }>`
    SELECT id::text AS id, status FROM withdrawal_requests
     WHERE id = ANY(${ids}::bigint[])`.execute(db());
  const byId = new Map(r.rows.map((x) => [x.id, x.status]));
  return ids.map((id) => byId.get(id) ?? 'missing');
}

async function count(table: 'withdrawal_export_batches' | 'mail_sends' | 'csv_imports') {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(
    db(),
  );
  return r.rows[0]!.n;
}

/** Requested requests of a kind, oldest first. */
async function requested(kind: string, n: number) {
  const r = await sql<{ id: string; requestedAt: Date }>`
    SELECT id::text AS id, requested_at AS "requestedAt" FROM withdrawal_requests
     WHERE kind = ${kind} AND status = 'requested'
     ORDER BY requested_at, id LIMIT ${n}`.execute(db());
  expect(r.rows.length, `${n} requested ${kind} requests`).toBe(n);
  return r.rows;
}

/** Approves requests directly, with two distinct approvals each (the flow has its own tests). */
async function approveDirectly(ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    for (const name of ['approver-1', 'approver-2'])
      await sql`INSERT INTO withdrawal_approvals (withdrawal_request_id, admin_user_name, revision)
        VALUES (${id}, ${name}, 1)`.execute(db());
    await sql`UPDATE withdrawal_requests SET status = 'approved', revision = revision + 1
       WHERE id = ${id}`.execute(db());
  }
}

async function rejectViaApi(id: string): Promise<void> {
  const r = await t.gql<{ postRejectWithdrawalRequests: { changedCount: number } }>(
    `mutation ($ids: [ID!]!) { postRejectWithdrawalRequests(ids: $ids, reasonCode: other,
      reasonText: "test") { changedCount } }`,
    { ids: [id] },
    writer,
  );
  expect(r.errors).toBeUndefined();
  expect(r.data!.postRejectWithdrawalRequests.changedCount).toBe(1);
}

describe('signing export', () => {
  const kind = () => exportKind!;

  async function exportPreview() {
    const r = await t.gql<{
      withdrawalSigningExportPreview: { count: number; fingerprint: string };
    }>(
      `query ($kind: WithdrawalKind!) { withdrawalSigningExportPreview(kind: $kind) {
        count fingerprint } }`,
      { kind: kind() },
      writer,
    );
    expect(r.errors).toBeUndefined();
    return r.data!.withdrawalSigningExportPreview;
  }

  function exportWith(expectedCount: number, fingerprint: string, clientKey: string) {
    return t.gql<{ postWithdrawalSigningExport: { batch: { requestCount: number } } }>(
      `mutation ($kind: WithdrawalKind!, $n: Int!, $f: String, $key: String!) {
        postWithdrawalSigningExport(kind: $kind, layout: v1, expectedCount: $n, fingerprint: $f,
          clientKey: $key) { batch { requestCount } } }`,
      { kind: kind(), n: expectedCount, f: fingerprint, key: clientKey },
      writer,
    );
  }

  it('a swapped set of the same size is refused (LIST_CHANGED) and nothing changes', async () => {
    await sql`UPDATE withdrawal_requests SET status = 'rejected', reject_reason = 'test'
      WHERE kind = ${kind()} AND status = 'approved'`.execute(db());
    const rows = await requested(kind(), 9);
    const first8 = rows.slice(0, 8).map((r) => r.id);
    const ninth = rows[8]!.id;
    await approveDirectly(first8);
    const shown = await exportPreview();
    expect(shown.count).toBe(8);
    expect(shown.fingerprint).toMatch(/^[0-9a-f]{64}$/);

    // One of the 8 is rejected, another request approved: 8 again, another set.
    await rejectViaApi(first8[0]!);
    await approveDirectly([ninth]);
    const now = await exportPreview();
    expect(now.count).toBe(8);
    expect(now.fingerprint).not.toBe(shown.fingerprint);

    const batches = await count('withdrawal_export_batches');
    const refused = await exportWith(8, shown.fingerprint, 'swapped-set-export-0001');
    expect(refusal(refused)).toEqual(LIST_CHANGED);
    // The spec's query form, sent with the fingerprint, is refused the same way.
    const query = await t.gql(
      `query ($kind: WithdrawalKind!, $f: String) { withdrawalSigningCsv(kind: $kind, layout: v2,
        expectedCount: 8, fingerprint: $f) { url } }`,
      { kind: kind(), f: shown.fingerprint },
      writer,
    );
    expect(refusal(query)).toEqual(LIST_CHANGED);
    expect(await count('withdrawal_export_batches')).toBe(batches);
    expect(await statusOf([...first8.slice(1), ninth])).toEqual(Array(8).fill('approved'));

    // Confirmed again, the set as it is now exports.
    const done = await exportWith(8, now.fingerprint, 'swapped-set-export-0002');
    expect(done.errors).toBeUndefined();
    expect(done.data!.postWithdrawalSigningExport.batch.requestCount).toBe(8);
    expect(await statusOf([...first8.slice(1), ninth])).toEqual(Array(8).fill('processing'));
    expect(await statusOf([first8[0]!])).toEqual(['rejected']);
  });

  it('a changed revision of one request is another set', async () => {
    const rows = await requested(kind(), 2);
    await approveDirectly(rows.map((r) => r.id));
    const shown = await exportPreview();
    await sql`UPDATE withdrawal_requests SET revision = revision + 1
       WHERE id = ${rows[0]!.id}`.execute(db());
    const refused = await exportWith(shown.count, shown.fingerprint, 'revision-set-export-01');
    expect(refusal(refused)).toEqual(LIST_CHANGED);
    expect(await statusOf(rows.map((r) => r.id))).toEqual(['approved', 'approved']);
  });
});

describe('approve and reject all matching', () => {
  const kind = () => matchingKind!;

  /** A window holding exactly the 8 oldest requested requests of the kind, and the 9th. */
  async function window8() {
    const rows = await requested(kind(), 9);
    return {
      ids: rows.map((r) => r.id),
      params: { status: 'requested', requestedAtUntil: rows[7]!.requestedAt.toISOString() },
      inside: rows[7]!.requestedAt,
    };
  }

  async function matchingPreview(params: Record<string, unknown>) {
    const r = await t.gql<{ withdrawalMatchingPreview: { count: number; fingerprint: string } }>(
      `query ($kind: WithdrawalKind!, $p: WithdrawalSearchParams) {
        withdrawalMatchingPreview(kind: $kind, searchParams: $p) { count fingerprint } }`,
      { kind: kind(), p: params },
      writer,
    );
    expect(r.errors).toBeUndefined();
    return r.data!.withdrawalMatchingPreview;
  }

  /** Rejects the first of the 8 and moves the 9th into the window: 8 again, another set. */
  async function swap(ids: readonly string[], inside: Date): Promise<void> {
    await rejectViaApi(ids[0]!);
    await sql`UPDATE withdrawal_requests SET requested_at = ${inside}
       WHERE id = ${ids[8]!}`.execute(db());
  }

  for (const action of ['approve', 'reject'] as const) {
    it(`${action} all 8 matching is refused when the 8 are another 8`, async () => {
      const { ids, params, inside } = await window8();
      const shown = await matchingPreview(params);
      expect(shown.count).toBe(8);
      await swap(ids, inside);
      expect((await matchingPreview(params)).count).toBe(8);
      const before = await statusOf(ids.slice(1));
      const mutation =
        action === 'approve'
          ? `mutation ($kind: WithdrawalKind!, $p: WithdrawalSearchParams, $f: String) {
              postApproveMatchingWithdrawalRequests(kind: $kind, searchParams: $p,
                expectedCount: 8, fingerprint: $f) { changedCount } }`
          : `mutation ($kind: WithdrawalKind!, $p: WithdrawalSearchParams, $f: String) {
              postRejectMatchingWithdrawalRequests(kind: $kind, searchParams: $p,
                expectedCount: 8, fingerprint: $f, reasonCode: other, reasonText: "all")
                { changedCount } }`;
      const refused = await t.gql(
        mutation,
        { kind: kind(), p: params, f: shown.fingerprint },
        writer,
      );
      expect(refusal(refused)).toEqual(LIST_CHANGED);
      expect(await statusOf(ids.slice(1))).toEqual(before);

      const now = await matchingPreview(params);
      const done = await t.gql<Record<string, { changedCount: number }>>(
        mutation,
        { kind: kind(), p: params, f: now.fingerprint },
        writer,
      );
      expect(done.errors).toBeUndefined();
      expect(Object.values(done.data!)[0]!.changedCount).toBeGreaterThan(0);
    });
  }
});

describe('mail to an audience', () => {
  it('is refused when the audience changed under the confirmation, even to as many', async () => {
    const created = await t.gql<{ postCreateNotification: { notification: { id: number } } }>(
      `mutation { postCreateNotification(title: "Maintenance", content: "Tonight",
        language: "en") { notification { id } } }`,
      {},
      writer,
    );
    expect(created.errors).toBeUndefined();
    const id = created.data!.postCreateNotification.notification.id;
    const preview = () =>
      t.gql<{ mailPreview: { recipientCount: number; fingerprint: string } }>(
        `query ($id: Int!) { mailPreview(notificationId: $id) { recipientCount fingerprint } }`,
        { id },
        writer,
      );
    const shown = (await preview()).data!.mailPreview;
    expect(shown.recipientCount).toBeGreaterThan(0);

    // One English reader switches to Japanese, one Japanese reader to English: as many.
    const pick = async (locale: string) =>
      (
        await sql<{ id: number }>`SELECT d.end_user_id AS id FROM end_user_details d
          JOIN end_users u ON u.id = d.end_user_id
         WHERE d.default_locale = ${locale} AND u.email <> '' ORDER BY d.end_user_id LIMIT 1`.execute(
          db(),
        )
      ).rows[0]!.id;
    const en = await pick('en');
    const ja = await pick('ja');
    await sql`UPDATE end_user_details SET default_locale = 'ja' WHERE end_user_id = ${en}`.execute(
      db(),
    );
    await sql`UPDATE end_user_details SET default_locale = 'en' WHERE end_user_id = ${ja}`.execute(
      db(),
    );
    const now = (await preview()).data!.mailPreview;
    expect(now.recipientCount).toBe(shown.recipientCount);
    expect(now.fingerprint).not.toBe(shown.fingerprint);

    const sends = await count('mail_sends');
    const send = (fingerprint: string) =>
      t.gql<{ postSendMail: { recipientCount: number } }>(
        `mutation ($id: Int!, $f: String) { postSendMail(notificationId: $id, fingerprint: $f) {
          recipientCount } }`,
        { id, f: fingerprint },
        writer,
      );
    expect(refusal(await send(shown.fingerprint))).toEqual(LIST_CHANGED);
    expect(await count('mail_sends')).toBe(sends);

    // An edited message is another set too.
    await t.gql(
      `mutation ($id: Int!) { postUpdateNotification(notificationId: $id, title: "Maintenance",
        content: "Tomorrow", language: "en") { message } }`,
      { id },
      writer,
    );
    expect(refusal(await send(now.fingerprint))).toEqual(LIST_CHANGED);
    expect(await count('mail_sends')).toBe(sends);

    const sent = await send((await preview()).data!.mailPreview.fingerprint);
    expect(sent.errors).toBeUndefined();
    expect(sent.data!.postSendMail.recipientCount).toBe(now.recipientCount);
  });
});

describe('rate commit', () => {
  it('is refused when the payments of the window changed, even to as many', async () => {
    const user = (
      await sql<{ id: number }>`SELECT id FROM end_users ORDER BY id LIMIT 1`.execute(db())
    ).rows[0]!.id;
    const plan = (await sql<{ id: number }>`SELECT id FROM plans ORDER BY id LIMIT 1`.execute(db()))
      .rows[0]!.id;
    // Five payments confirmed in a window of their own, and a sixth just after it.
    const at = (day: number) => `2031-03-${String(day).padStart(2, '0')}T00:00:00Z`;
    for (let day = 1; day <= 6; day++)
      await db()
        .insertInto('payments')
        .values({
          end_user_id: user,
          plan_id: plan,
          price_usd: '100',
          paid_usd: '100',
          paid_btc: `0.00${day}`,
          payment_address: `bc1qfingerprint${day}`,
          status: 'confirmed',
          confirmed_at: at(day),
        })
        .execute();
    const window = { from: at(1), until: at(5), deadline: at(20) };
    const preview = async () =>
      (
        await t.gql<{
          ratesAndBTCAmountAtDeadlineDate: { paymentCounts: number; fingerprint: string };
        }>(
          `query ($from: DateTime, $until: DateTime!, $deadline: DateTime!) {
            ratesAndBTCAmountAtDeadlineDate(confirmedAtFrom: $from, confirmedAtUntil: $until,
              deadlineDatetime: $deadline) { paymentCounts fingerprint } }`,
          window,
          writer,
        )
      ).data!.ratesAndBTCAmountAtDeadlineDate;
    const shown = await preview();
    expect(shown.paymentCounts).toBe(5);

    // The first is canceled, the sixth is confirmed inside the window after all: 5 again.
    await sql`UPDATE payments SET status = 'canceled', canceled_at = now()
       WHERE payment_address = 'bc1qfingerprint1'`.execute(db());
    await sql`UPDATE payments SET confirmed_at = ${at(4)}
       WHERE payment_address = 'bc1qfingerprint6'`.execute(db());
    const now = await preview();
    expect(now.paymentCounts).toBe(5);

    const commit = (fingerprint: string) =>
      t.gql<{ postAssignRates: { countPayments: number } }>(
        `mutation ($from: String, $until: String!, $deadline: String!, $f: String) {
          postAssignRates(startAt: $from, endAt: $until, deadline: $deadline,
            BTCHECRate: "1000", BTCETHRate: "20", fingerprint: $f) { countPayments } }`,
        { ...window, f: fingerprint },
        writer,
      );
    expect(refusal(await commit(shown.fingerprint))).toEqual(LIST_CHANGED);
    const fixed = await sql<{ n: number }>`SELECT count(*)::int AS n FROM payments
       WHERE payment_address LIKE 'bc1qfingerprint%' AND status = 'asset_fixed'`.execute(db());
    expect(fixed.rows[0]!.n).toBe(0);

    const done = await commit(now.fingerprint);
    expect(done.errors).toBeUndefined();
    expect(done.data!.postAssignRates.countPayments).toBe(5);
  });
});

describe('import apply', () => {
  async function upload(
    mutation: string,
    content: string,
    variables: { dryRun: boolean; fingerprint?: string },
  ): Promise<GraphQLResponse<Record<string, { report: { contentHash: string } }>>> {
    const query = `mutation ($file: Upload!, $dryRun: Boolean, $f: String) {
      ${mutation}(file: $file, dryRun: $dryRun, fingerprint: $f) { report { contentHash } } }`;
    const form = new FormData();
    form.set(
      'operations',
      JSON.stringify({
        query,
        variables: { file: null, dryRun: variables.dryRun, f: variables.fingerprint ?? null },
      }),
    );
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', new Blob([content], { type: 'text/csv' }), 'file.csv');
    const response = await fetch(`${t.baseUrl}${GRAPHQL_PATH}`, {
      method: 'POST',
      headers: { [ACCESS_TOKEN_HEADER]: writer },
      body: form,
    });
    return (await response.json()) as GraphQLResponse<
      Record<string, { report: { contentHash: string } }>
    >;
  }

  it('applying another file than the one checked is refused, and nothing is imported', async () => {
    const user = (
      await sql<{ id: number }>`SELECT id FROM end_users ORDER BY id LIMIT 1`.execute(db())
    ).rows[0]!.id;
    const plan = (await sql<{ id: number }>`SELECT id FROM plans ORDER BY id LIMIT 1`.execute(db()))
      .rows[0]!.id;
    const header = 'userId,planId,paidUsd,assetETH,assetHEC,confirmedAt\n';
    const checked = `${header}${user},${plan},100,0.1,10,2024-04-01T00:00:00Z\n`;
    const other = `${header}${user},${plan},100,0.1,99,2024-04-01T00:00:00Z\n`;
    const dry = await upload('postAddUserPaymentsByCSV', checked, { dryRun: true });
    expect(dry.errors).toBeUndefined();
    const fingerprint = dry.data!.postAddUserPaymentsByCSV!.report.contentHash;

    const imports = await count('csv_imports');
    const refused = await upload('postAddUserPaymentsByCSV', other, {
      dryRun: false,
      fingerprint,
    });
    expect(refusal(refused)).toEqual(LIST_CHANGED);
    expect(await count('csv_imports')).toBe(imports);

    // The same refusal for a withdrawal transactions file.
    const tx = 'id,transactionHash\n1,0xabc\n';
    const txDry = await upload('postSavingWithdrawalsTransactionsByCSV', tx, { dryRun: true });
    expect(txDry.errors).toBeUndefined();
    const txRefused = await upload('postSavingWithdrawalsTransactionsByCSV', `${tx}2,0xdef\n`, {
      dryRun: false,
      fingerprint: txDry.data!.postSavingWithdrawalsTransactionsByCSV!.report.contentHash,
    });
    expect(refusal(txRefused)).toEqual(LIST_CHANGED);

    const applied = await upload('postAddUserPaymentsByCSV', checked, {
      dryRun: false,
      fingerprint,
    });
    expect(applied.errors).toBeUndefined();
    expect(await count('csv_imports')).toBe(imports + 1);
  });
});
