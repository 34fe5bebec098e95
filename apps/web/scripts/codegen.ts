/**
 * Generates typed documents for the web app from the committed API contract
 * (apps/api/schema.graphql) with GraphQL Code Generator's client preset. Operations are
 * written inline as graphql(`...`) calls, one operation per file under src/features.
 * Run with --check to fail when the committed output is stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { codegen } from '@graphql-codegen/core';
import { preset } from '@graphql-codegen/client-preset';
import type { Types } from '@graphql-codegen/plugin-helpers';
import { buildSchema, parse, printSchema } from 'graphql';

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
const documents: Types.DocumentFile[] = walk(path.join(webRoot, 'src')).flatMap((file) =>
  [...fs.readFileSync(file, 'utf8').matchAll(OPERATION)].map((match) => ({
    location: path.relative(webRoot, file),
    rawSDL: match[1],
    document: parse(match[1] ?? ''),
  })),
);

const schemaAst = buildSchema(fs.readFileSync(schemaFile, 'utf8'));
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

let stale = false;
for (const section of sections) {
  const output = await codegen({ ...section, config: { ...config, ...section.config } });
  const target = section.filename;
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
