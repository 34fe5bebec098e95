import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import * as documents from '@/gql/graphql';
import { APP_ROUTES } from '@/app/routes';

/**
 * The screens table of docs/list-conventions.md ("The list screens") against the routes and
 * the list declarations, so that its rows cannot go wrong: each row's route is a route of
 * the app, each call it names is asked by a document of the web app, and on a route whose
 * page declares list screens (`defineListScreen`) the row names every list it shows, exactly
 * their URL filters and exactly their sort targets (the API's, from `@app/shared` lists.ts).
 */

const DOC = path.resolve(import.meta.dirname, '../../../../docs/list-conventions.md');

type Row = { routes: string[]; calls: string[]; filters: string[]; sorts: string[] };

/** The names written in backticks in a cell ("—" and prose around them are not names). */
function names(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
}

/** The table under "## The list screens": one row per page (the withdrawal kinds' one for all). */
function tableRows(): Row[] {
  const text = fs.readFileSync(DOC, 'utf8');
  const section = text.slice(text.indexOf('## The list screens'));
  const rows: Row[] = [];
  for (const line of section.split('\n').slice(1)) {
    if (rows.length > 0 && !line.startsWith('|')) break;
    const cells = line.split('|').slice(1, -1);
    const routes = names(cells[0] ?? '');
    if (cells.length !== 4 || routes.length === 0) continue;
    rows.push({
      routes,
      calls: names(cells[1]!),
      filters: names(cells[2]!),
      sorts: names(cells[3]!),
    });
  }
  return rows;
}

/** Every root field a document of the web app asks (`users(`, `mailDelivery {`). */
function askedFields(): Set<string> {
  const asked = new Set<string>();
  for (const value of Object.values(documents)) {
    if (!(value instanceof documents.TypedDocumentString)) continue;
    for (const [, field] of value.toString().matchAll(/(?:^|[\s{])(\w+)\s*[({]/g))
      asked.add(field!);
  }
  return asked;
}

/**
 * The list screens a route's page declares, read in a fresh module registry so that each
 * page declares its own screens again (pages share modules: the withdrawal screens).
 */
async function screensOf(route: string) {
  vi.resetModules();
  const { declaredListScreens } = await import('@/lib/list-query');
  const { APP_ROUTES: routes } = await import('@/app/routes');
  await routes.find((r) => r.path === route)!.load();
  return declaredListScreens();
}

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

describe('the screens table of docs/list-conventions.md', () => {
  const rows = tableRows();
  const asked = askedFields();

  it('has its rows', () => {
    expect(rows.length).toBeGreaterThan(8);
  });

  for (const row of rows)
    for (const route of row.routes)
      it(`${route}: its route, calls, filters and sort targets are the app's`, async () => {
        expect(APP_ROUTES.map((r) => r.path)).toContain(route);
        for (const call of row.calls) expect(asked, `${call}: no document asks it`).toContain(call);
        const screens = await screensOf(route);
        if (screens.length === 0) return;
        const lists = screens.map((s) => s.view.shape.call);
        expect(row.calls, 'the lists the page shows').toEqual(expect.arrayContaining(lists));
        expect(sorted(row.filters), 'the URL filters').toEqual(
          sorted(screens.flatMap((s) => Object.keys(s.view.url.filters))),
        );
        expect(sorted(row.sorts), 'the sort targets').toEqual(
          sorted(screens.flatMap((s) => s.view.shape.sortTargets)),
        );
      }, 30_000);

  it('has a row for every route whose page declares a list screen', async () => {
    const inTable = new Set(rows.flatMap((r) => r.routes));
    const missing: string[] = [];
    for (const route of APP_ROUTES)
      if (!inTable.has(route.path) && (await screensOf(route.path)).length > 0)
        missing.push(route.path);
    expect(missing).toEqual([]);
  }, 120_000);
});
