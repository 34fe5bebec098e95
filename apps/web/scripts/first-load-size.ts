// Prints the gzip size of the JavaScript the browser needs for a first load of one route:
// the entry chunk, the route's page chunk, and every chunk they import statically.
// Usage: node --import tsx scripts/first-load-size.ts [page-chunk-prefix]  (after `vite build`)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const assets = path.join(dist, 'assets');
const page = process.argv[2] ?? 'dashboard-page';

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = /src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
const pageChunk = fs.readdirSync(assets).find((f) => f.startsWith(`${page}-`) && f.endsWith('.js'));
if (!entry || !pageChunk) throw new Error(`entry or ${page} chunk not found; run vite build first`);

const seen = new Set<string>();
const visit = (file: string) => {
  if (seen.has(file)) return;
  seen.add(file);
  const code = fs.readFileSync(path.join(assets, file), 'utf8');
  // Static imports only: `import … from "./x.js"` and bare `import "./x.js"`.
  for (const match of code.matchAll(/import(?:[^"'()]*?from)?\s*["']\.\/([^"']+\.js)["']/g))
    visit(match[1]!);
};
visit(entry);
visit(pageChunk);

let raw = 0;
let gzip = 0;
for (const file of seen) {
  const buffer = fs.readFileSync(path.join(assets, file));
  raw += buffer.length;
  gzip += zlib.gzipSync(buffer, { level: 9 }).length;
}
console.log(
  `${page}: ${seen.size} JS files, ${(raw / 1024).toFixed(1)} KiB raw, ${(gzip / 1024).toFixed(1)} KiB gzip`,
);
