// Picks the failure sections out of a vitest run's output, for repeating them at its end.

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
const SECTION = /^⎯+ (Failed Tests?|Failed Suites?|Unhandled Errors?|Unhandled Rejections?)\b/;
const SUMMARY = /^\s*Test Files\s/;

/** The "Failed Tests" and "Unhandled Errors" sections of vitest's report, without colours. */
export function failureDigest(output, maxLines = 200) {
  const lines = output.replace(ANSI, '').split('\n');
  const start = lines.findIndex((line) => SECTION.test(line));
  if (start < 0) return '';
  let end = lines.findIndex((line, i) => i > start && SUMMARY.test(line));
  if (end < 0) end = lines.length;
  const section = lines.slice(start, end);
  const kept = section.slice(0, maxLines);
  if (section.length > maxLines) kept.push(`… ${section.length - maxLines} more lines above`);
  return kept.join('\n');
}

// `node scripts/failure-digest.mjs < run.log`: the digest of a saved run (CI's second engine).
if (import.meta.url === `file://${process.argv[1]}`) {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  process.stdout.write(`${failureDigest(Buffer.concat(chunks).toString('utf8'))}\n`);
}
