// Lists the longest functions of the application's source (apps/api/src, apps/web/src,
// packages/shared/src; tests left out), by lines from their first to their last: issue 34
// keeps every one at 200 lines or fewer, so a write or a service stays readable in one go.
// The population generator (apps/api/src/scripts/generate.ts and seed/population) is a
// script of its own, left out by name.
//
//   node scripts/longest-functions.mjs [count]   prints the `count` (10) longest
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The source trees measured. */
export const SOURCE_DIRS = ['apps/api/src', 'apps/web/src', 'packages/shared/src'];

/** The longest a function may be. */
export const MAX_FUNCTION_LINES = 200;

/** Left out: the population generator and its parts (a script, not the application). */
export const EXCLUDED = ['apps/api/src/scripts/generate.ts', 'apps/api/src/seed/population/'];

const isTest = (file) => /\.test\.tsx?$/.test(file) || file.split('/').includes('test');

/** Every measured source file, relative to the repository, in a stable order. */
export function sourceFiles(root = ROOT) {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !isTest(file))
        files.push(file);
    }
  };
  for (const dir of SOURCE_DIRS) if (fs.existsSync(path.join(root, dir))) walk(dir);
  return files.filter((f) => !EXCLUDED.some((e) => f === e || f.startsWith(e))).sort();
}

/** What a function is called where it is written: its own name, or what holds it. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))
    return parent.name.getText();
  if (ts.isCallExpression(parent))
    return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

/** Each function of one file's text: its name, first line and length in lines. */
export function functionsOf(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      found.push({ file, name: nameOf(node), line: start, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every function of the measured sources, longest first. */
export function longestFunctions(root = ROOT) {
  return sourceFiles(root)
    .flatMap((file) => functionsOf(file, fs.readFileSync(path.join(root, file), 'utf8')))
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const count = Number(process.argv[2] ?? 10);
  for (const f of longestFunctions().slice(0, count))
    console.log(`${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}`);
}
