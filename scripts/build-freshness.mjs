// When a build is out of date: the API bundle and the web build ask the same question.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The newest modification time of a file or of anything below a folder (0: missing). */
function newestMtime(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...fs.readdirSync(full).map((name) => newestMtime(path.join(target, name))),
  );
}

/**
 * True when `output` (an absolute path) is missing or not newer than every file of `sources`
 * (paths from the repository root).
 */
export function isOutOfDate(output, sources) {
  const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  return builtAt <= Math.max(...sources.map(newestMtime));
}
