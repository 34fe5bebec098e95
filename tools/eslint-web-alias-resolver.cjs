// Resolves the web app's '@/…' alias (apps/web/src) for eslint-plugin-import's rules.
const fs = require('node:fs');
const path = require('node:path');

const webSrc = path.resolve(__dirname, '../apps/web/src');

exports.interfaceVersion = 2;
exports.resolve = (source) => {
  if (!source.startsWith('@/')) return { found: false };
  const base = path.join(webSrc, source.slice(2));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
      return { found: true, path: candidate };
    }
  }
  return { found: false };
};
