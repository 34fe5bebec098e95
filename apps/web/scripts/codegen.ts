/**
 * Generates typed documents for the web app from the committed API contract
 * (apps/api/schema.graphql) with GraphQL Code Generator's client preset. Operations are
 * written inline as graphql(`...`) calls, one operation per file under src/features; a list's
 * or CSV export's document names one of its declared filters and gets the others here
 * (withDeclaredFilters). Run with --check to fail when the committed output is stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { codegen } from '@graphql-codegen/core';
import { preset } from '@graphql-codegen/client-preset';
import type { Types } from '@graphql-codegen/plugin-helpers';
import {
  buildSchema,
  Kind,
  parse,
  parseType,
  print,
  printSchema,
  type ArgumentNode,
  type OperationDefinitionNode,
  type VariableDefinitionNode,
} from 'graphql';
import { LIST_SHAPES } from '@app/shared';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schemaFile = path.resolve(webRoot, '../api/schema.graphql');
const outputDir = path.join(webRoot, 'src/gql/');
const check = process.argv.includes('--check');

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'gql' ? [] : walk(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const OPERATION = /graphql\(\s*`([\s\S]*?)`\s*\)/g;
const schemaAst = buildSchema(fs.readFileSync(schemaFile, 'utf8'));

/**
 * The filter variables of the lists' documents, from the lists' one declaration (`@app/shared`
 * lists.ts, issue 34): a document that calls a declared list or its export with its filters as
 * arguments (at least one `filter: $filter`) gets every other declared filter the call takes,
 * as a variable of the schema's type and its argument, each after the declared filter before
 * it. So a filter added to a declaration reaches the screens' list and CSV documents here, and
 * a source document names one filter only: the completed text is what codegen types and checks
 * against the contract (src/gql/graphql.ts), what the tests send and what the build inlines
 * (vite-graphql-documents.ts), while the source keeps the short one (the key of its
 * `graphql()` overload). The rest of a document is as written; a completed one is printed.
 */
function withDeclaredFilters(source: string): string {
  const document = parse(source);
  let changed = false;
  const queryFields = schemaAst.getQueryType()?.getFields() ?? {};
  /** `items` with the missing names added, each after the declared name before it. */
  function insert<T>(
    items: readonly T[],
    nameOf: (item: T) => string,
    declared: string[],
    make: (name: string) => T,
  ) {
    const out = [...items];
    for (const [i, name] of declared.entries()) {
      if (out.some((item) => nameOf(item) === name)) continue;
      const before = declared
        .slice(0, i)
        .reverse()
        .find((n) => out.some((item) => nameOf(item) === n));
      const after = declared.slice(i + 1).find((n) => out.some((item) => nameOf(item) === n));
      const at =
        before !== undefined
          ? out.findIndex((item) => nameOf(item) === before) + 1
          : after !== undefined
            ? out.findIndex((item) => nameOf(item) === after)
            : out.length;
      out.splice(at, 0, make(name));
    }
    return out;
  }
  const definitions = document.definitions.map((def) => {
    if (def.kind !== Kind.OPERATION_DEFINITION || def.operation !== 'query') return def;
    let variableDefinitions = def.variableDefinitions ?? [];
    const selections = def.selectionSet.selections.map((selection) => {
      if (selection.kind !== Kind.FIELD) return selection;
      const call = selection.name.value;
      const shape = LIST_SHAPES.find((s) => s.call === call || s.export?.call === call);
      const schemaArgs = queryFields[call]?.args ?? [];
      if (!shape) return selection;
      const args = selection.arguments ?? [];
      const bound = (name: string) =>
        args.some(
          (a) =>
            a.name.value === name && a.value.kind === Kind.VARIABLE && a.value.name.value === name,
        );
      const declared = Object.keys(shape.filters).filter((name) =>
        schemaArgs.some((a) => a.name === name),
      );
      if (!declared.some(bound)) return selection;
      const missing = declared.filter((name) => !args.some((a) => a.name.value === name));
      if (missing.length === 0) return selection;
      changed = true;
      variableDefinitions = insert(
        variableDefinitions,
        (v) => v.variable.name.value,
        declared.filter(
          (name) =>
            missing.includes(name) ||
            variableDefinitions.some((v) => v.variable.name.value === name),
        ),
        (name): VariableDefinitionNode => ({
          kind: Kind.VARIABLE_DEFINITION,
          variable: { kind: Kind.VARIABLE, name: { kind: Kind.NAME, value: name } },
          type: parseType(String(schemaArgs.find((a) => a.name === name)!.type)),
        }),
      );
      return {
        ...selection,
        arguments: insert(
          args,
          (a) => a.name.value,
          declared,
          (name): ArgumentNode => ({
            kind: Kind.ARGUMENT,
            name: { kind: Kind.NAME, value: name },
            value: { kind: Kind.VARIABLE, name: { kind: Kind.NAME, value: name } },
          }),
        ),
      };
    });
    return { ...def, variableDefinitions, selectionSet: { ...def.selectionSet, selections } };
  });
  if (!changed) return source;
  return `\n${print({ ...document, definitions }).replace(/^/gm, '  ')}\n`;
}

/**
 * Each operation as written (the key of its `graphql()` overload) with its document completed
 * by the lists' declared filters (withDeclaredFilters), which is what is typed and printed.
 */
const sourceDocuments: Types.DocumentFile[] = walk(path.join(webRoot, 'src')).flatMap((file) =>
  [...fs.readFileSync(file, 'utf8').matchAll(OPERATION)].map((match) => ({
    location: path.relative(webRoot, file),
    rawSDL: match[1],
    document: parse(withDeclaredFilters(match[1] ?? '')),
  })),
);

/**
 * Each declared CSV export's document, derived from its list's declaration (issue 34: a list's
 * CSV document is no text of its own): the export call with every argument it takes, the
 * list's filters first in their declared order, then the export's own, then the rest (the sort,
 * a file layout) as the contract has them; the link's `url` and `fileName`. The operation is
 * named after the call (`usersCSV`: `UsersCsv`).
 */
const listExports = LIST_SHAPES.flatMap((shape) => {
  if (!shape.export) return [];
  const call = shape.export.call;
  const args = schemaAst.getQueryType()?.getFields()[call]?.args ?? [];
  const order = [...Object.keys(shape.filters), ...Object.keys(shape.export.filters ?? {})];
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  const sorted = [...args].sort((a, b) => rank(a.name) - rank(b.name));
  const name = `${call[0]!.toUpperCase()}${call.slice(1).replace(/CSV$/, 'Csv')}`;
  const text = [
    `query ${name}(${sorted.map((a) => `$${a.name}: ${String(a.type)}`).join(', ')}) {`,
    `  ${call}(${sorted.map((a) => `${a.name}: $${a.name}`).join(', ')}) {`,
    '    url',
    '    fileName',
    '  }',
    '}',
  ].join('\n');
  return [{ call, name, text: `\n${print(parse(text)).replace(/^/gm, '  ')}\n` }];
});
const listExportsFile = path.join(outputDir, 'list-exports.ts');

const documents: Types.DocumentFile[] = [
  ...sourceDocuments,
  ...listExports.map(({ text }) => ({
    location: path.relative(webRoot, listExportsFile),
    rawSDL: text,
    document: parse(text),
  })),
];

/**
 * The declared exports as the screens and the download centre take them: each document's text
 * (typed as its generated document: `execute()` reads only its text, and the generated module of
 * every document stays out of the chunks) and where the link sits in the answer.
 */
function printListExports(): string {
  return [
    '/**',
    " * Generated by `npm run codegen` from the lists' declarations (`@app/shared` lists.ts): each",
    " * declared CSV export's document and where its link sits in the answer. Do not edit.",
    ' */',
    "import type * as types from './graphql';",
    ...listExports.flatMap(({ call, name, text }) => [
      '',
      `export const ${call} = {`,
      `  document: \`${text}\` as unknown as typeof types.${name}Document,`,
      `  link: (data: types.${name}Query) => data.${call},`,
      '};',
    ]),
    '',
  ].join('\n');
}

const config = {
  documentMode: 'string',
  enumsAsTypes: true,
  useTypeImports: true,
  // Upload: a File sent as a GraphQL multipart request.
  scalars: { DateTime: 'string', Decimal: 'string', Upload: 'File' },
  strictScalars: true,
};
const sections = await preset.buildGeneratesSection({
  baseOutputDir: outputDir,
  presetConfig: { fragmentMasking: false },
  plugins: [],
  pluginMap: {},
  schema: parse(printSchema(schemaAst)),
  schemaAst,
  documents,
  config,
});

/**
 * Each operation's root fields, by its name: a cached query (keyed by its operation's name,
 * lib/query-keys.ts) is refreshed by the writes whose `refreshes` (refreshes.ts, printed by the
 * API) name one of the fields it selects; a mutation document names its write by them.
 */
function printRootFields(): string {
  const fieldsOf = (def: OperationDefinitionNode) => [
    ...new Set(
      def.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : [])),
    ),
  ];
  const operations = documents
    .flatMap((d) => d.document!.definitions)
    .flatMap((def) =>
      def.kind === Kind.OPERATION_DEFINITION && def.name
        ? [[def.name.value, fieldsOf(def)] as const]
        : [],
    )
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return [
    '/**',
    " * Generated by `npm run codegen` from the app's documents: the root fields each operation",
    ' * selects, by its name. Do not edit.',
    ' */',
    'export const ROOT_FIELDS = {',
    ...operations.map(
      ([name, fields]) => `  ${name}: [${fields.map((f) => `'${f}'`).join(', ')}],`,
    ),
    '} as const satisfies Readonly<Record<string, readonly string[]>>;',
    '',
  ].join('\n');
}

const outputs = [
  ...(await Promise.all(
    sections.map(async (section) => ({
      target: section.filename,
      output: await codegen({ ...section, config: { ...config, ...section.config } }),
    })),
  )),
  { target: path.join(outputDir, 'root-fields.ts'), output: printRootFields() },
  { target: listExportsFile, output: printListExports() },
];

let stale = false;
for (const { target, output } of outputs) {
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (current === output) continue;
  if (check) {
    console.error(`${path.relative(webRoot, target)} is stale: run \`npm run codegen\`.`);
    stale = true;
  } else {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, output);
    console.log(`Wrote ${path.relative(webRoot, target)}`);
  }
}
if (stale) process.exit(1);
