import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER, GRAPHQL_PATH } from '@app/shared';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import { IMPORT_RUN_QUEUE, importRunJob } from '../../platform/imports';
import { createJobs, type Jobs } from '../../platform/jobs';
import { startTestApp, type GraphQLResponse, type TestApp } from '../../../test/test-app';
import { addHecAndEthPlans, addTestUsers } from '../../../test/payment-fixtures';

/**
 * Issue 36, "Long work must also outlive the request": a background upload answers at once
 * with its run, before anything is checked or applied; its job runs on any instance on the
 * same database (here a second app whose workers poll the queue), and its progress, report
 * or refusal is read from the database through either instance. A refusal found by the job
 * is audited as `actionRefused` like a call's; two deliveries of one run apply it once, and a
 * run whose process stopped is sent to its job again.
 */
let t: TestApp;
let writer: string;
let userA: number;
let hecPlan: number;
// The instance that takes uploads: it sends their jobs and runs none.
let sender: Jobs;
// A second instance on the same database, with workers.
let second: { app: FastifyInstance; jobs: Jobs; baseUrl: string } | null = null;

const HEADER = 'userId,planId,paidUsd,assetETH,assetHEC,confirmedAt';
const RUN = `runId kind dryRun phase rowsRead outcome
  report { rowCount count contentHash imported { id appliedCount } alreadyImported { id } }
  refusal { code message extensions }`;

type Run = {
  runId: string;
  phase: string;
  rowsRead: number;
  outcome: string | null;
  report: {
    rowCount: number;
    count: number;
    contentHash: string;
    imported: { id: string; appliedCount: number } | null;
  } | null;
  refusal: { code: string; message: string; extensions: string } | null;
};

async function upload(
  content: string,
  options: { dryRun?: boolean; key: string; fingerprint?: string },
): Promise<
  GraphQLResponse<{ postAddUserPaymentsByCSV: { runId: string | null; report: unknown } }>
> {
  const query = `mutation ($file: Upload!, $dryRun: Boolean, $key: String, $fp: String) {
    postAddUserPaymentsByCSV(file: $file, dryRun: $dryRun, progressKey: $key, fingerprint: $fp, background: true) {
      message countPayments runId report { rowCount } } }`;
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({
      query,
      variables: {
        file: null,
        dryRun: options.dryRun ?? false,
        key: options.key,
        fp: options.fingerprint ?? null,
      },
    }),
  );
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([content], { type: 'text/csv' }), 'background.csv');
  const response = await fetch(`${t.baseUrl}${GRAPHQL_PATH}`, {
    method: 'POST',
    headers: { [ACCESS_TOKEN_HEADER]: writer },
    body: form,
  });
  return (await response.json()) as never;
}

async function gqlAt<T>(baseUrl: string, query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${baseUrl}${GRAPHQL_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [ACCESS_TOKEN_HEADER]: writer },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as GraphQLResponse<T>;
  expect(body.errors).toBeUndefined();
  return body.data!;
}

const progressAt = async (baseUrl: string, key: string) =>
  (
    await gqlAt<{ csvImportProgress: Run | null }>(
      baseUrl,
      `query ($key: String!) { csvImportProgress(key: $key) { ${RUN} } }`,
      { key },
    )
  ).csvImportProgress;

/** Polls the run through the given instance until it has ended. */
async function ended(baseUrl: string, runId: string): Promise<Run> {
  for (let tries = 0; tries < 600; tries++) {
    const { csvImportRun } = await gqlAt<{ csvImportRun: Run | null }>(
      baseUrl,
      `query ($id: ID!) { csvImportRun(id: $id) { ${RUN} } }`,
      { id: runId },
    );
    if (csvImportRun?.outcome) return csvImportRun;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`run ${runId} did not end`);
}

async function paymentCount(): Promise<number> {
  const r = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM payments WHERE end_user_id = ${userA}`.execute(t.database.db);
  return Number(r.rows[0]!.n);
}

async function auditAfter(afterId: string, operation: string) {
  const r = await sql<{ summary: unknown; request_id: string | null }>`
    SELECT summary, request_id FROM audit_log
     WHERE id > ${afterId}::bigint AND operation = ${operation} ORDER BY id`.execute(t.database.db);
  return r.rows;
}

async function lastAuditId(): Promise<string> {
  const r = await sql<{ id: string }>`
    SELECT coalesce(max(id), 0)::text AS id FROM audit_log`.execute(t.database.db);
  return r.rows[0]!.id;
}

/** Starts the second instance: an app on the same database whose workers run the uploads. */
async function startSecond(): Promise<NonNullable<typeof second>> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST_DIR: '/nonexistent-web-dist',
  });
  const jobs = createJobs(t.database.db, { supervise: false, pollingIntervalSeconds: 0.5 });
  const app = await buildApp(config, t.database, { importJobs: jobs });
  jobs.register(importRunJob(app.imports));
  await jobs.start({ workers: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, jobs, baseUrl };
}

function rows(n: number, offset = 0): string {
  const lines = [HEADER];
  for (let i = 0; i < n; i++) {
    lines.push(
      `${userA},${hecPlan},${i + 1 + offset},0,1.5,2026-01-01T00:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}Z`,
    );
  }
  return `${lines.join('\n')}\n`;
}

beforeAll(async () => {
  t = await startTestApp({
    services: async (database) => {
      sender = createJobs(database.db, { supervise: false });
      sender.queue(IMPORT_RUN_QUEUE);
      await sender.start();
      return { importJobs: sender };
    },
  });
  writer = await t.login('writer@example.com');
  [userA] = (await addTestUsers(t.database.db, 'bgpay', [1])) as [number];
  ({ hecPlan } = await addHecAndEthPlans(t.database.db, {
    hec: { name: 'Background HEC plan', priceUsd: '100' },
    eth: { name: 'Background ETH plan', priceUsd: '100' },
  }));
}, 120_000);

afterAll(async () => {
  await second?.jobs.stop();
  await second?.app.close();
  await sender?.stop();
  await t?.close();
});

describe('a background upload', () => {
  it('answers at once with its run; a second instance runs it; either instance reads its progress and report', async () => {
    const content = rows(300);
    const before = await lastAuditId();
    const check = await upload(content, { dryRun: true, key: 'bg-check-0001' });
    expect(check.errors).toBeUndefined();
    const started = check.data!.postAddUserPaymentsByCSV;
    expect(started.report).toBeNull();
    expect(started.runId).toMatch(/^[1-9][0-9]*$/);
    // Nothing runs the job yet: the answer came before any check (no instance has workers).
    expect(await progressAt(t.baseUrl, 'bg-check-0001')).toMatchObject({
      runId: started.runId,
      phase: 'queued',
      outcome: null,
      report: null,
    });
    // The queued upload is recorded under the command's own event, with the request.
    expect((await auditAfter(before, 'postAddUserPaymentsByCSV'))[0]!.summary).toMatchObject({
      queued: true,
      runId: started.runId,
      dryRun: true,
    });

    second = await startSecond();
    const checked = await ended(second.baseUrl, started.runId!);
    expect(checked).toMatchObject({ outcome: 'checked', phase: 'done', rowsRead: 300 });
    expect(checked.report).toMatchObject({ rowCount: 300, count: 300, imported: null });
    // The first instance answers the same, from the database.
    expect(await progressAt(t.baseUrl, 'bg-check-0001')).toEqual(checked);

    // The apply, with the fingerprint its check showed: applied by the job, once.
    const apply = await upload(content, {
      key: 'bg-apply-0001',
      fingerprint: checked.report!.contentHash,
    });
    expect(apply.errors).toBeUndefined();
    const applied = await ended(t.baseUrl, apply.data!.postAddUserPaymentsByCSV.runId!);
    expect(applied).toMatchObject({ outcome: 'applied', phase: 'done', refusal: null });
    expect(applied.report!.imported!.appliedCount).toBe(300);
    expect(await paymentCount()).toBe(300);
    // The apply's own audit row, written by the job with the uploading request's id.
    const changes = (await auditAfter(before, 'postAddUserPaymentsByCSV')).filter(
      (row) => (row.summary as { after?: unknown }).after !== undefined,
    );
    expect(changes).toHaveLength(1);
    expect(changes[0]!.request_id).not.toBeNull();
  });

  it('records the refusals its job finds as actionRefused, in the shape a call has', async () => {
    const before = await lastAuditId();
    // The same rows again: ALREADY_IMPORTED, found by the job.
    const again = await upload(rows(300), { key: 'bg-again-0001' });
    const refused = await ended(t.baseUrl, again.data!.postAddUserPaymentsByCSV.runId!);
    expect(refused).toMatchObject({ outcome: 'refused', phase: 'failed', report: null });
    expect(refused.refusal!.code).toBe('CONFLICT');
    expect(JSON.parse(refused.refusal!.extensions)).toMatchObject({
      code: 'CONFLICT',
      reason: 'ALREADY_IMPORTED',
      applyRefusal: 'alreadyImported',
    });
    // A file with a bad row: INVALID_ROWS, nothing applied.
    const bad = await upload(`${HEADER}\n${userA},${hecPlan},12.5,0,1,\n`, { key: 'bg-bad-00001' });
    const invalid = await ended(t.baseUrl, bad.data!.postAddUserPaymentsByCSV.runId!);
    expect(JSON.parse(invalid.refusal!.extensions)).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'INVALID_ROWS',
      params: { rowCount: 1, invalidRowCount: 1, errorCount: 1 },
    });
    expect(await paymentCount()).toBe(300);
    const audited = await auditAfter(before, 'actionRefused');
    expect(audited.map((row) => row.summary)).toEqual([
      {
        field: 'postAddUserPaymentsByCSV',
        code: 'CONFLICT',
        reason: 'ALREADY_IMPORTED',
        params: expect.objectContaining({ importId: expect.any(String) }) as unknown,
      },
      {
        field: 'postAddUserPaymentsByCSV',
        code: 'BAD_USER_INPUT',
        reason: 'INVALID_ROWS',
        params: { rowCount: 1, invalidRowCount: 1, errorCount: 1 },
      },
    ]);
  });

  it('applies a run once however often its job is delivered, and sends a run whose process stopped again', async () => {
    // No worker for a moment: the run stays queued while its deliveries are made by hand.
    await second!.jobs.stop();
    const upload1 = await upload(rows(50, 1000), { key: 'bg-twice-0001' });
    const runId = upload1.data!.postAddUserPaymentsByCSV.runId!;
    // Its process "stopped": no heartbeat for a minute. The sweep sends its job again.
    await sql`UPDATE csv_import_runs SET heartbeat_at = now() - interval '1 minute'
               WHERE id = ${runId}::bigint`.execute(t.database.db);
    expect(await t.app.imports.resumeStaleRuns(30)).toBe(1);
    // A fresh heartbeat: not sent again.
    expect(await t.app.imports.resumeStaleRuns(30)).toBe(0);
    // Three deliveries at once (the first job, the re-sent one, a retry): one apply.
    await Promise.all([
      second!.app.imports.runJob(runId),
      t.app.imports.runJob(runId),
      second!.app.imports.runJob(runId),
    ]);
    const run = await ended(t.baseUrl, runId);
    expect(run).toMatchObject({ outcome: 'applied' });
    expect(await paymentCount()).toBe(350);
    const imports = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM csv_imports WHERE kind = 'payments'`.execute(t.database.db);
    expect(Number(imports.rows[0]!.n)).toBe(1 + 1);
    // Its stored file is gone with its end.
    const parts = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM csv_import_run_files WHERE run_id = ${runId}::bigint`.execute(
      t.database.db,
    );
    expect(parts.rows[0]!.n).toBe('0');
  });
});
