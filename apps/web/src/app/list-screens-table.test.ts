import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import * as documents from '@/gql/graphql';
import { APP_ROUTES } from '@/app/routes';

/**
 * The screens table of docs/list-conventions.md ("The list screens") against the routes and
 * the list declarations, so that its rows cannot go wrong: each row's route is a route of
 * the app, each call it names is asked by a document of the web app, and on a route whose
 * page declares list screens (`defineListScreen`) the row names every list it shows and
 * exactly the filters their views rename in the URL or leave out of it. The filters and sort
 * targets themselves are the declarations' (`@app/shared` lists.ts) and the table names none,
 * so a filter added to a declaration needs no row edited.
 */

const DOC = path.resolve(import.meta.dirname, '../../../../docs/list-conventions.md');

type Row = { routes: string[]; calls: string[]; renamed: string[]; omitted: string[] };

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
    if (cells.length !== 3 || routes.length === 0) continue;
    // `name` → `key`: a renamed filter; any other name: a filter the URL leaves out.
    const arrows = /`(\w+)` → `(\w+)`/g;
    rows.push({
      routes,
      calls: names(cells[1]!),
      renamed: [...cells[2]!.matchAll(arrows)].map(([, name, key]) => `${name} → ${key}`),
      omitted: names(cells[2]!.replace(arrows, '')),
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
    expect(rows.some((r) => r.renamed.length > 0 && r.omitted.length === 0)).toBe(true);
    expect(rows.some((r) => r.omitted.length > 0 && r.renamed.length === 0)).toBe(true);
  });

  for (const row of rows)
    for (const route of row.routes)
      it(`${route}: its route, calls and URL keys are the app's`, async () => {
        expect(APP_ROUTES.map((r) => r.path)).toContain(route);
        for (const call of row.calls) expect(asked, `${call}: no document asks it`).toContain(call);
        const screens = await screensOf(route);
        if (screens.length === 0) return;
        const lists = screens.map((s) => s.view.shape.call);
        expect(row.calls, 'the lists the page shows').toEqual(expect.arrayContaining(lists));
        expect(sorted(row.renamed), 'the filters renamed in the URL').toEqual(
          sorted(
            screens.flatMap((s) =>
              Object.entries(s.view.urlKeys)
                .filter(([name, key]) => name !== key)
                .map(([name, key]) => `${name} → ${key}`),
            ),
          ),
        );
        expect(sorted(row.omitted), 'the filters left out of the URL').toEqual(
          sorted(
            screens.flatMap((s) =>
              Object.keys(s.view.shape.filters).filter((name) => !(name in s.view.urlKeys)),
            ),
          ),
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
