import type { Kysely } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../../db/database';
import type { DB } from '../../db/schema';
import { WITHDRAWAL_KINDS } from '../../db/tables/domain-tables';
import * as repo from './metrics-repository';

/**
 * The process's metrics in the Prometheus text format (docs/operations.md names each one and
 * what to alert on). Counters and histograms are moved by the code they measure (a request, a
 * GraphQL operation, an import, a download); gauges that need the database are read when
 * `/metrics` is scraped, with a few cheap statements under a short timeout, so a scrape costs
 * nothing between scrapes and a slow database cannot hold it for long.
 */

/** Request latency buckets (seconds): the 100 ms p95 target sits inside them. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Import and export durations (seconds): a few rows take milliseconds, 5M rows minutes. */
const LONG_WORK_BUCKETS = [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1800];
/** Distinct GraphQL operation names kept as labels; later ones are counted as `other`. */
const MAX_OPERATION_NAMES = 200;
/** Longest a scrape's database statements may run (PostgreSQL). */
const SCRAPE_STATEMENT_TIMEOUT_MS = 2_000;

export type ImportObservation = {
  kind: string;
  dryRun: boolean;
  /** checked (a dry run answered), applied, refused (an AppError or a file that cannot apply), failed. */
  outcome: 'checked' | 'applied' | 'refused' | 'failed';
  rows: number;
  bytes: number;
  seconds: number;
};

export type ExportObservation = {
  export: string;
  /** complete (every row sent), aborted (the client left or the stream broke), refused, failed. */
  outcome: 'complete' | 'aborted' | 'refused' | 'failed';
  rows: number;
  bytes: number;
  seconds: number;
};

export type Metrics = ReturnType<typeof createMetrics>;

/** The metrics moved by each answered HTTP request and GraphQL operation, and errors. */
function requestMetrics(registers: Registry[]) {
  const httpRequests = new Counter({
    name: 'admin_http_requests_total',
    help: 'HTTP requests answered, by method, route and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'admin_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route.',
    labelNames: ['method', 'route'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const graphqlDuration = new Histogram({
    name: 'admin_graphql_operation_duration_seconds',
    help: 'Time of the HTTP request carrying a GraphQL operation, by operation name and type.',
    labelNames: ['operation', 'type'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const graphqlOperations = new Counter({
    name: 'admin_graphql_operations_total',
    help: 'GraphQL operations answered, by name, type and whether the answer carried an error.',
    labelNames: ['operation', 'type', 'result'] as const,
    registers,
  });
  const errors = new Counter({
    name: 'admin_errors_total',
    help: 'Errors answered to callers, by error code (GraphQL extensions.code or the HTTP error model).',
    labelNames: ['code'] as const,
    registers,
  });
  return { httpRequests, httpDuration, graphqlDuration, graphqlOperations, errors };
}

/** The gauges read at a scrape: the pool, the job queues, the mail outbox, waiting withdrawals. */
function databaseGauges(registers: Registry[]) {
  const poolConnections = new Gauge({
    name: 'admin_db_pool_connections',
    help: 'Database pool connections by state (in_use, idle) and the most it opens (max).',
    labelNames: ['state'] as const,
    registers,
  });
  const poolWaiting = new Gauge({
    name: 'admin_db_pool_waiting',
    help: 'Callers waiting for a database connection.',
    registers,
  });
  const jobs = new Gauge({
    name: 'admin_jobs',
    help: 'pg-boss jobs per queue and state: created, retry, active (waiting or running), failed (in the last hour).',
    labelNames: ['queue', 'state'] as const,
    registers,
  });
  const jobsOldest = new Gauge({
    name: 'admin_jobs_oldest_age_seconds',
    help: 'Age of the oldest job per queue that has not run yet (created or retry); 0 when none.',
    labelNames: ['queue'] as const,
    registers,
  });
  const outbox = new Gauge({
    name: 'admin_mail_outbox_messages',
    help: 'Mail outbox messages by status: pending, sending, failed (sent mail is not counted).',
    labelNames: ['status'] as const,
    registers,
  });
  const outboxOldest = new Gauge({
    name: 'admin_mail_outbox_oldest_queued_age_seconds',
    help: 'Age of the oldest message not yet delivered (pending or sending); 0 when none.',
    registers,
  });
  const withdrawalsOver24h = new Gauge({
    name: 'admin_withdrawals_waiting_over_24h',
    help: 'Withdrawal requests still requested 24 hours after they were made, per kind.',
    labelNames: ['kind'] as const,
    registers,
  });
  const withdrawalsOldest = new Gauge({
    name: 'admin_withdrawals_oldest_waiting_age_seconds',
    help: 'Age of the oldest withdrawal request still requested, per kind; 0 when none.',
    labelNames: ['kind'] as const,
    registers,
  });
  const scrapeDatabase = new Gauge({
    name: 'admin_metrics_database_scrape_success',
    help: '1 when the last scrape read the database gauges, 0 when it failed (they keep their last values).',
    registers,
  });
  return {
    poolConnections,
    poolWaiting,
    jobs,
    jobsOldest,
    outbox,
    outboxOldest,
    withdrawalsOver24h,
    withdrawalsOldest,
    scrapeDatabase,
  };
}

/** The metrics of CSV imports (platform/imports). */
function importMetrics(registers: Registry[]) {
  const importsTotal = new Counter({
    name: 'admin_imports_total',
    help: 'CSV imports run, by kind, mode (dry_run, apply) and outcome.',
    labelNames: ['kind', 'mode', 'outcome'] as const,
    registers,
  });
  const importRows = new Counter({
    name: 'admin_import_rows_total',
    help: 'Data rows read by CSV imports, by kind and mode.',
    labelNames: ['kind', 'mode'] as const,
    registers,
  });
  const importBytes = new Counter({
    name: 'admin_import_bytes_total',
    help: 'Bytes of CSV files imported, by kind and mode.',
    labelNames: ['kind', 'mode'] as const,
    registers,
  });
  const importDuration = new Histogram({
    name: 'admin_import_duration_seconds',
    help: 'Time of a CSV import (parse, check and apply), by kind, mode and outcome.',
    labelNames: ['kind', 'mode', 'outcome'] as const,
    buckets: LONG_WORK_BUCKETS,
    registers,
  });
  return { importsTotal, importRows, importBytes, importDuration };
}

/** The metrics of CSV downloads (platform/exports). */
function exportMetrics(registers: Registry[]) {
  const exportsTotal = new Counter({
    name: 'admin_exports_total',
    help: 'CSV downloads, by export and outcome.',
    labelNames: ['export', 'outcome'] as const,
    registers,
  });
  const exportRows = new Counter({
    name: 'admin_export_rows_total',
    help: 'Rows sent by CSV downloads, by export.',
    labelNames: ['export'] as const,
    registers,
  });
  const exportBytes = new Counter({
    name: 'admin_export_bytes_total',
    help: 'Bytes sent by CSV downloads, by export.',
    labelNames: ['export'] as const,
    registers,
  });
  const exportDuration = new Histogram({
    name: 'admin_export_duration_seconds',
    help: 'Time of a CSV download from its request to its last byte, by export and outcome.',
    labelNames: ['export', 'outcome'] as const,
    buckets: LONG_WORK_BUCKETS,
    registers,
  });
  return { exportsTotal, exportRows, exportBytes, exportDuration };
}

/** Reads the database gauges now, in one short transaction. */
async function collectDatabaseGauges(
  db: Kysely<DB>,
  gauges: ReturnType<typeof databaseGauges>,
): Promise<void> {
  const { outbox, outboxOldest, jobs, jobsOldest, withdrawalsOver24h, withdrawalsOldest } = gauges;
  const { outboxRows, queues, withdrawals } = await db.transaction().execute(async (trx) => {
    await repo.limitStatements(trx, SCRAPE_STATEMENT_TIMEOUT_MS);
    return {
      outboxRows: await repo.outboxByStatus(trx),
      queues: await repo.jobQueues(trx),
      withdrawals: await repo.waitingWithdrawals(trx, WITHDRAWAL_KINDS),
    };
  });
  outbox.reset();
  let oldestQueued = 0;
  for (const status of ['pending', 'sending', 'failed']) outbox.set({ status }, 0);
  for (const row of outboxRows) {
    outbox.set({ status: row.status }, row.n);
    if (row.status !== 'failed') oldestQueued = Math.max(oldestQueued, row.oldestSeconds ?? 0);
  }
  outboxOldest.set(oldestQueued);
  jobs.reset();
  jobsOldest.reset();
  const oldestJob = new Map<string, number>(queues.queues.map((queue) => [queue, 0]));
  for (const queue of queues.queues) {
    for (const state of ['created', 'retry', 'active', 'failed']) jobs.set({ queue, state }, 0);
  }
  for (const row of queues.rows) {
    jobs.set({ queue: row.queue, state: row.state }, row.n);
    if (row.state === 'created' || row.state === 'retry') {
      oldestJob.set(row.queue, Math.max(oldestJob.get(row.queue) ?? 0, row.oldestSeconds ?? 0));
    }
  }
  for (const [queue, seconds] of oldestJob) jobsOldest.set({ queue }, seconds);
  for (const row of withdrawals) {
    withdrawalsOver24h.set({ kind: row.kind }, row.over24h);
    withdrawalsOldest.set({ kind: row.kind }, row.oldestSeconds ?? 0);
  }
}

export function createMetrics(options: {
  db: Kysely<DB>;
  poolStats: () => PoolStats;
  /** Where a failed scrape of the database gauges is reported. */
  onScrapeError?: (error: unknown) => void;
}) {
  const registry = new Registry();
  // process_* (memory, CPU, handles) and nodejs_* (event-loop lag, heap, GC).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const { httpRequests, httpDuration, graphqlDuration, graphqlOperations, errors } =
    requestMetrics(registers);
  const gauges = databaseGauges(registers);
  const imports = importMetrics(registers);
  const exports = exportMetrics(registers);

  const operationNames = new Set<string>();
  function operationLabel(name: string | undefined): string {
    if (!name) return 'anonymous';
    if (operationNames.has(name)) return name;
    // Names come from callers: a bounded set keeps a client from growing the series for ever.
    if (operationNames.size >= MAX_OPERATION_NAMES) return 'other';
    operationNames.add(name);
    return name;
  }

  return {
    registry,
    contentType: registry.contentType,

    /** One answered HTTP request (the onResponse hook, app.ts). */
    request(method: string, route: string, statusCode: number, seconds: number): void {
      httpRequests.inc({ method, route, status_code: statusCode });
      httpDuration.observe({ method, route }, seconds);
    },

    /** One answered GraphQL operation, timed by its HTTP request. */
    operation(name: string | undefined, type: string, seconds: number, failed: boolean): void {
      const operation = operationLabel(name);
      graphqlDuration.observe({ operation, type }, seconds);
      graphqlOperations.inc({ operation, type, result: failed ? 'error' : 'ok' });
    },

    /** One error answered to a caller, by its code. */
    error(code: string): void {
      errors.inc({ code: /^[A-Z][A-Z0-9_]{0,63}$/.test(code) ? code : 'OTHER' });
    },

    importRun(o: ImportObservation): void {
      const mode = o.dryRun ? 'dry_run' : 'apply';
      imports.importsTotal.inc({ kind: o.kind, mode, outcome: o.outcome });
      imports.importRows.inc({ kind: o.kind, mode }, o.rows);
      imports.importBytes.inc({ kind: o.kind, mode }, o.bytes);
      imports.importDuration.observe({ kind: o.kind, mode, outcome: o.outcome }, o.seconds);
    },

    exportRun(o: ExportObservation): void {
      exports.exportsTotal.inc({ export: o.export, outcome: o.outcome });
      exports.exportRows.inc({ export: o.export }, o.rows);
      exports.exportBytes.inc({ export: o.export }, o.bytes);
      exports.exportDuration.observe({ export: o.export, outcome: o.outcome }, o.seconds);
    },

    /** The text of a scrape: the database gauges read now, then every metric. */
    async scrape(): Promise<string> {
      const pool = options.poolStats();
      gauges.poolConnections.set({ state: 'in_use' }, pool.total - pool.idle);
      gauges.poolConnections.set({ state: 'idle' }, pool.idle);
      gauges.poolConnections.set({ state: 'max' }, pool.max);
      gauges.poolWaiting.set(pool.waiting);
      try {
        await collectDatabaseGauges(options.db, gauges);
        gauges.scrapeDatabase.set(1);
      } catch (error) {
        gauges.scrapeDatabase.set(0);
        options.onScrapeError?.(error);
      }
      return registry.metrics();
    },
  };
}
