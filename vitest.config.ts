import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (the longest file first once it has timed a run, else the largest), with
 * the browser walk over every route first: it is the longest browser file by far, and with
 * two browser files at a time it ran near the end, on one worker, after the other was done.
 */
class WalkFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) =>
      spec.moduleId.endsWith('every-route.e2e.ts') ? 0 : 1;
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: WalkFirstSequencer },
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The repository's own scripts (the test runner's failure digest).
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['**/*.test.mjs'],
          environment: 'node',
        },
      },
      {
        // Source files and dependencies must share one copy of graphql (Node's CJS entry);
        // otherwise `instanceof GraphQLError` fails across the two.
        resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // `*.pg.test.ts`: what only PostgreSQL can show (several server processes on one
          // database); collected only when DATABASE_URL names one.
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.DATABASE_URL ? [] : ['**/*.pg.test.ts']),
          ],
          environment: 'node',
          // One module graph per worker, not per file: each file would otherwise load the
          // whole API again (about 1.7 s of imports a file, a fifth of the API lanes' time).
          // The API keeps no state in modules that a test changes: each test builds its own
          // app, database and metrics registry; no file mocks a module or stubs a global.
          isolate: false,
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: { '@': path.resolve('apps/web/src') } },
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // Form-heavy tests type character by character; on a loaded 2-core CI box that can
          // pass 5 s without anything being wrong.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.e2e.ts'],
          environment: 'node',
          // The demo population is seeded once per run; each file's server starts on a copy.
          globalSetup: ['./support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Two files at a time: each has its own server, database copy and browser, and one
          // file's chain (test, browser, server, database) keeps about one core busy, so one
          // file at a time left the second core idle once the other lanes had finished.
          fileParallelism: true,
          maxWorkers: 2,
          // A project with its own worker count needs its own group when one process runs
          // several projects (`npx vitest run`); `npm test` runs it in its own process anyway.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
