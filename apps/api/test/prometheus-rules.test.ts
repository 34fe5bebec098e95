import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startTestApp, type TestApp } from './test-app';

/**
 * The alerts of ops/prometheus-rules.yml (docs/operations.md, "Alerts"): the file parses, every
 * rule is complete, and every metric an expression names is one the app registers (a renamed
 * metric would otherwise leave an alert that never fires). `promtool check rules` also passes
 * where Prometheus is installed (it was, when the file was written).
 */
const RULES = path.resolve(import.meta.dirname, '../../../ops/prometheus-rules.yml');
/** The histogram series a family name appears as in an expression. */
const SERIES_SUFFIXES = ['_bucket', '_sum', '_count'];

type Rule = {
  alert?: string;
  expr?: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
};

let t: TestApp;
let registered: Set<string>;

beforeAll(async () => {
  t = await startTestApp({ seedDemoAdmins: false });
  registered = new Set(
    (await t.app.metrics.registry.getMetricsAsJSON()).map((metric) => metric.name),
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The metric names an expression reads: identifiers of our families (admin_, nodejs_, process_). */
function metricNames(expr: string): string[] {
  const names = expr.match(/\b(?:admin|nodejs|process)_[a-zA-Z0-9_]+/g) ?? [];
  return [
    ...new Set(
      names.map((name) => {
        const suffix = SERIES_SUFFIXES.find((s) => name.endsWith(s) && !registered.has(name));
        return suffix ? name.slice(0, -suffix.length) : name;
      }),
    ),
  ];
}

describe('ops/prometheus-rules.yml', () => {
  it('is one group of complete alerting rules over metrics the app registers', () => {
    const file = parse(fs.readFileSync(RULES, 'utf8')) as {
      groups: Array<{ name: string; rules: Rule[] }>;
    };
    expect(file.groups.length).toBeGreaterThan(0);
    const alerts = new Set<string>();
    for (const group of file.groups) {
      expect(group.name).toMatch(/\S/);
      for (const rule of group.rules) {
        expect(rule.alert, JSON.stringify(rule)).toMatch(/^Admin[A-Za-z]+$/);
        expect(alerts.has(rule.alert!), `${rule.alert} twice`).toBe(false);
        alerts.add(rule.alert!);
        expect(rule.expr, rule.alert).toMatch(/\S/);
        if (rule.for !== undefined) expect(rule.for).toMatch(/^\d+[smh]$/);
        expect(['warning', 'critical']).toContain(rule.labels?.severity);
        expect(rule.annotations?.summary, rule.alert).toMatch(/\S/);
        const names = metricNames(rule.expr!);
        expect(names.length, `${rule.alert} reads no metric of the app`).toBeGreaterThan(0);
        for (const name of names) expect(registered, `${rule.alert}: ${name}`).toContain(name);
      }
    }
    // The alerts issue 36 asks for, by what they watch.
    for (const alert of [
      'AdminMailBacklogGrowing',
      'AdminJobsFailing',
      'AdminWithdrawalsAging',
      'AdminDatabasePoolExhausted',
      'AdminSlowQueries',
    ]) {
      expect(alerts).toContain(alert);
    }
  });

  it('refuses an expression over a metric the app does not register', () => {
    expect(metricNames('rate(admin_http_request_duration_seconds_bucket[5m])')).toEqual([
      'admin_http_request_duration_seconds',
    ]);
    expect(registered.has(metricNames('admin_mail_sent_total > 0')[0]!)).toBe(false);
  });
});
