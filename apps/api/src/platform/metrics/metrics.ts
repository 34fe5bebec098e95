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

/** What one bulk run (an import, a download) reports: its outcome and how much it moved. */
type BulkRun<Outcome extends string> = {
  outcome: Outcome;
  rows: number;
  bytes: number;
  seconds: number;
};

/** outcome: checked (a dry run answered), applied, refused (an AppError or a file that cannot apply), failed. */
export type ImportObservation = BulkRun<'checked' | 'applied' | 'refused' | 'failed'> & {
  kind: string;
  dryRun: boolean;
};

/** outcome: complete (every row sent), aborted (the client left or the stream broke), refused, failed. */
export type ExportObservation = BulkRun<'complete' | 'aborted' | 'refused' | 'failed'> & {
  export: string;
};

export type Metrics = ReturnType<typeof createMetrics>;

/** Declares metrics in the process's registries: each one's name, help and labels, nothing else. */
function metricKit(registers: Registry[]) {
  return {
    counter: <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
      new Counter<L>({ name, help, labelNames, registers }),
    gauge: <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
      new Gauge<L>({ name, help, labelNames, registers }),
    histogram: <L extends string>(
      name: string,
      help: string,
      labelNames: readonly L[],
      buckets: number[],
    ) => new Histogram<L>({ name, help, labelNames, buckets, registers }),
  };
}

type MetricKit = ReturnType<typeof metricKit>;

/** The metrics moved by each answered HTTP request and GraphQL operation, and errors. */
function requestMetrics({ counter, histogram }: MetricKit) {
  return {
    httpRequests: counter(
      'admin_http_requests_total',
      'HTTP requests answered, by method, route and status code.',
      ['method', 'route', 'status_code'],
    ),
    httpDuration: histogram(
      'admin_http_request_duration_seconds',
      'Time from a request arriving to its answer being sent, by method and route.',
      ['method', 'route'],
      REQUEST_BUCKETS,
    ),
    graphqlDuration: histogram(
      'admin_graphql_operation_duration_seconds',
      'Time of the HTTP request carrying a GraphQL operation, by operation name and type.',
      ['operation', 'type'],
      REQUEST_BUCKETS,
    ),
    graphqlOperations: counter(
      'admin_graphql_operations_total',
      'GraphQL operations answered, by name, type and whether the answer carried an error.',
      ['operation', 'type', 'result'],
    ),
    errors: counter(
      'admin_errors_total',
      'Errors answered to callers, by error code (GraphQL extensions.code or the HTTP error model).',
      ['code'],
    ),
  };
}

/** The gauges read at a scrape: the pool, the job queues, the mail outbox, waiting withdrawals. */
function databaseGauges({ gauge }: MetricKit) {
  return {
    poolConnections: gauge(
      'admin_db_pool_connections',
      'Database pool connections by state (in_use, idle) and the most it opens (max).',
      ['state'],
    ),
    poolWaiting: gauge('admin_db_pool_waiting', 'Callers waiting for a database connection.'),
    jobs: gauge(
      'admin_jobs',
      'pg-boss jobs per queue and state: created, retry, active (waiting or running), failed (in the last hour).',
      ['queue', 'state'],
    ),
    jobsOldest: gauge(
      'admin_jobs_oldest_age_seconds',
      'Age of the oldest job per queue that has not run yet (created or retry); 0 when none.',
      ['queue'],
    ),
    outbox: gauge(
      'admin_mail_outbox_messages',
      'Mail outbox messages by status: pending, sending, failed (sent mail is not counted).',
      ['status'],
    ),
    outboxOldest: gauge(
      'admin_mail_outbox_oldest_queued_age_seconds',
      'Age of the oldest message not yet delivered (pending or sending); 0 when none.',
    ),
    withdrawalsOver24h: gauge(
      'admin_withdrawals_waiting_over_24h',
      'Withdrawal requests still requested 24 hours after they were made, per kind.',
      ['kind'],
    ),
    withdrawalsOldest: gauge(
      'admin_withdrawals_oldest_waiting_age_seconds',
      'Age of the oldest withdrawal request still requested, per kind; 0 when none.',
      ['kind'],
    ),
    scrapeDatabase: gauge(
      'admin_metrics_database_scrape_success',
      '1 when the last scrape read the database gauges, 0 when it failed (they keep their last values).',
    ),
  };
}

/**
 * The four metrics of a bulk run over a CSV file (imports and downloads alike): runs by
 * outcome, rows, bytes, and the duration by outcome, each under the run's own labels; one
 * place that declares them and moves them, so the two families cannot drift apart.
 */
function bulkRunMetrics<L extends string>(
  { counter, histogram }: MetricKit,
  labels: readonly L[],
  help: {
    runs: [string, string];
    rows: [string, string];
    bytes: [string, string];
    duration: [string, string];
  },
) {
  const withOutcome = [...labels, 'outcome' as const];
  const runs = counter(...help.runs, withOutcome);
  const rows = counter(...help.rows, labels);
  const bytes = counter(...help.bytes, labels);
  const duration = histogram(...help.duration, withOutcome, LONG_WORK_BUCKETS);
  return (values: Record<L, string>, run: BulkRun<string>): void => {
    const ended = { ...values, outcome: run.outcome } as Record<L | 'outcome', string>;
    runs.inc(ended);
    rows.inc(values, run.rows);
    bytes.inc(values, run.bytes);
    duration.observe(ended, run.seconds);
  };
}

/** The metrics of CSV imports (platform/imports). */
const importMetrics = (kit: MetricKit) =>
  bulkRunMetrics(kit, ['kind', 'mode'], {
    runs: ['admin_imports_total', 'CSV imports run, by kind, mode (dry_run, apply) and outcome.'],
    rows: ['admin_import_rows_total', 'Data rows read by CSV imports, by kind and mode.'],
    bytes: ['admin_import_bytes_total', 'Bytes of CSV files imported, by kind and mode.'],
    duration: [
      'admin_import_duration_seconds',
      'Time of a CSV import (parse, check and apply), by kind, mode and outcome.',
    ],
  });

/** The metrics of CSV downloads (platform/exports). */
const exportMetrics = (kit: MetricKit) =>
  bulkRunMetrics(kit, ['export'], {
    runs: ['admin_exports_total', 'CSV downloads, by export and outcome.'],
    rows: ['admin_export_rows_total', 'Rows sent by CSV downloads, by export.'],
    bytes: ['admin_export_bytes_total', 'Bytes sent by CSV downloads, by export.'],
    duration: [
      'admin_export_duration_seconds',
      'Time of a CSV download from its request to its last byte, by export and outcome.',
    ],
  });

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
  const kit = metricKit([registry]);
  const { httpRequests, httpDuration, graphqlDuration, graphqlOperations, errors } =
    requestMetrics(kit);
  const gauges = databaseGauges(kit);
  const importRun = importMetrics(kit);
  const exportRun = exportMetrics(kit);

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
      importRun({ kind: o.kind, mode: o.dryRun ? 'dry_run' : 'apply' }, o);
    },

    exportRun(o: ExportObservation): void {
      exportRun({ export: o.export }, o);
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
