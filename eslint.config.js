// Lint rules for the whole monorepo. Feature slices of the web app may not import each other,
// and shared layers may not import features (bulletproof-react's boundaries).
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webSrc = './apps/web/src';
const featuresDir = path.join(import.meta.dirname, 'apps/web/src/features');
const features = fs.existsSync(featuresDir)
  ? fs
      .readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const featureBoundaries = [
  ...features.map((feature) => ({
    target: `${webSrc}/features/${feature}`,
    from: `${webSrc}/features`,
    except: [`./${feature}`],
    message: 'Features do not import each other; move shared code to src/lib or src/components.',
  })),
  {
    target: `${webSrc}/features`,
    from: `${webSrc}/app`,
    message: 'Features do not import the app layer.',
  },
  {
    target: [`${webSrc}/lib`, `${webSrc}/components`, `${webSrc}/i18n`],
    from: [`${webSrc}/features`, `${webSrc}/app`],
    message: 'Shared code does not import features or the app layer.',
  },
];

// The API's layers import one way: server assembly -> modules -> graphql kit -> shared/db.
// A module reaches another module through its service only (handed in by server/services.ts),
// never through its repository (SQL) or schema (GraphQL types) files.
const apiSrc = './apps/api/src';
const modulesDir = path.join(import.meta.dirname, 'apps/api/src/modules');
const apiModules = fs.existsSync(modulesDir)
  ? fs
      .readdirSync(modulesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const privateFilesOf = (module) =>
  fs
    .readdirSync(path.join(modulesDir, module))
    .filter((file) => /-(repository|schema)\.ts$/.test(file))
    .map((file) => `${apiSrc}/modules/${module}/${file}`);

const apiBoundaries = [
  ...apiModules.flatMap((module) => {
    const from = apiModules.filter((other) => other !== module).flatMap(privateFilesOf);
    return from.length === 0
      ? []
      : [
          {
            target: `${apiSrc}/modules/${module}`,
            from,
            message:
              "Modules use each other through services only: take the other module's service as a parameter (server/services.ts wires it).",
          },
        ];
  }),
  {
    target: [`${apiSrc}/modules`, `${apiSrc}/graphql`, `${apiSrc}/shared`, `${apiSrc}/db`],
    from: [`${apiSrc}/server`, `${apiSrc}/app.ts`, `${apiSrc}/main.ts`],
    message: 'Imports run one way: nothing below the server assembly imports it.',
  },
  {
    target: [`${apiSrc}/shared`, `${apiSrc}/db`],
    from: [`${apiSrc}/modules`, `${apiSrc}/graphql`],
    message: 'shared/ and db/ are the bottom layer: they do not import modules or the GraphQL kit.',
  },
];

// What "writing SQL" looks like in the API: Kysely's sql tag or CompiledQuery imported as a
// value (by name, or the whole module as a namespace: `k.sql`), the PostgreSQL driver or its
// COPY streams imported as a value, or a query builder or executor method called
// (db.selectFrom, trx.updateTable, …).
const SQL_MESSAGE =
  "Only repositories write SQL: move the statement into the module's *-repository.ts and call it from here.";
const SQL_OUTSIDE_REPOSITORIES = [
  {
    selector:
      "ImportDeclaration[source.value='kysely'][importKind!='type'] > ImportSpecifier[importKind!='type'][imported.name=/^(sql|CompiledQuery)$/]",
    message: SQL_MESSAGE,
  },
  {
    selector:
      "ImportDeclaration[source.value='kysely'][importKind!='type'] > ImportNamespaceSpecifier",
    message: SQL_MESSAGE,
  },
  {
    selector:
      "ImportDeclaration[source.value=/^(pg|pg-copy-streams)$/][importKind!='type'] > :matches(ImportDefaultSpecifier, ImportNamespaceSpecifier, ImportSpecifier[importKind!='type'])",
    message: SQL_MESSAGE,
  },
  {
    // A module loaded at run time is a value import too.
    selector: 'ImportExpression[source.value=/^(kysely|pg|pg-copy-streams)$/]',
    message: SQL_MESSAGE,
  },
  {
    selector:
      'CallExpression > MemberExpression.callee[property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|executeQuery)$/]',
    message: SQL_MESSAGE,
  },
];

const AMOUNT_MESSAGE =
  'Show amounts with <AmountText> (components/amount-text.tsx), in text with amountDisplay or compactAmountText, counts with formatNumber: compact, "…" when rounded, exact on hover and copy.';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/web/src/gql/**',
      'bench/results/**',
      'e2e/artifacts/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { import: importPlugin },
    settings: {
      'import/ignore': ['node_modules'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': {
        node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
        [path.join(import.meta.dirname, 'tools/eslint-web-alias-resolver.cjs')]: {},
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import/no-default-export': 'error',
      'import/no-duplicates': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import/no-restricted-paths': ['error', { zones: featureBoundaries }],
    },
  },
  {
    // The API's promises are database work: one left floating fails as an unhandled
    // rejection outside any request, which can take the whole process down.
    // The browser tests and the bench drive servers and browsers: the same holds there.
    files: ['apps/api/src/**/*.ts', 'apps/api/test/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    languageOptions: {
      parserOptions: {
        project: ['apps/api/tsconfig.json', 'tsconfig.tools.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Money is exact only if every amount goes through the one configured Decimal clone:
    // decimal.js used directly runs at its default 20 significant digits and rounds sums.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['packages/shared/src/decimal.ts', 'packages/shared/src/decimal.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'decimal.js',
              message:
                'Use the exact helpers of @app/shared (packages/shared/src/decimal.ts, decimal-text.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Money on screen (docs/domain.md, "Money on screen"): a screen shows an amount through
    // AmountText (components/amount-text.tsx), or in a sentence or a chart's tooltip through
    // amountDisplay/compactAmountText, so every amount is compact, marked when rounded and
    // exact on hover and copy. Formatting numbers another way is refused here; the formatter's
    // own module and the chart's axis ticks (scale labels, not amounts) are the exceptions.
    // src/lib/amount-lint.test.ts proves the rule refuses a violating screen.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/lib/**',
      'apps/web/src/components/amount-text.tsx',
      'apps/web/src/components/charts/chart.tsx',
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/test/**',
      'apps/web/src/gql/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'decimal.js',
              message:
                'Use the exact helpers of @app/shared (packages/shared/src/decimal.ts, decimal-text.ts).',
            },
            {
              name: '@/lib/amount',
              importNames: ['compactAmount'],
              message: AMOUNT_MESSAGE,
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression > MemberExpression.callee[property.name=/^(toLocaleString|toFixed|toPrecision)$/]',
          message: AMOUNT_MESSAGE,
        },
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='NumberFormat']",
          message: AMOUNT_MESSAGE,
        },
        { selector: "CallExpression[callee.name='parseFloat']", message: AMOUNT_MESSAGE },
      ],
    },
  },
  {
    // Tests drive the whole app (and may reach into any layer to set up or check data).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: { 'import/no-restricted-paths': ['error', { zones: apiBoundaries }] },
  },
  {
    // Only repositories write SQL (docs/architecture.md, "Layers"): outside a *-repository.ts
    // file, API code may name Kysely's types but not build or run a statement. The database
    // layer (db/), the platform machinery (platform/: jobs, imports, exports), the seed and
    // the scripts are the allowed places; tests may set up and check data directly.
    // test/sql-in-repositories.test.ts proves the rule refuses a violating file.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/**/*-repository.ts',
      'apps/api/src/**/*.test.ts',
      'apps/api/src/db/**',
      'apps/api/src/platform/**',
      'apps/api/src/seed/**',
      'apps/api/src/scripts/**',
    ],
    rules: { 'no-restricted-syntax': ['error', ...SQL_OUTSIDE_REPOSITORIES] },
  },
  {
    files: ['apps/api/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv', 'useFakeTimers'].map((property) => ({
          object: 'vi',
          property,
          message:
            "API test files share their worker's modules and globals (vitest.config.ts, isolate: false): pass the fake in (a clock, a transport) instead.",
        })),
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tool configuration files must default-export their config.
    files: ['**/vite.config.ts', 'vitest.config.ts', 'eslint.config.js'],
    rules: { 'import/no-default-export': 'off' },
  },
);
