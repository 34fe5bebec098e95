// `npm test`: every test. Browser tests need Debian's Chromium; without it they are skipped
// with one line, except under CI=true where a missing browser fails the run.
//
// Two lanes run at once, each its own vitest process: the browser tests (two files at a time,
// each file with its own server and browser, mostly waiting on them) and everything else (the
// API's files against their own databases, the web app in jsdom). Vitest runs projects' groups
// one after another within a process, so one process would leave a core idle for the whole
// browser run. `TEST_LANES=serial` runs the lanes one after the other instead.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { failureDigest } from './failure-digest.mjs';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = fs.existsSync(chromium);
const ci = process.env.CI === 'true';
const e2eOnly = process.argv.includes('--e2e-only');
const serial = process.env.TEST_LANES === 'serial';
const extra = process.argv.slice(2).filter((a) => a !== '--e2e-only');

if (!hasChromium && ci) {
  console.error(
    `CI=true but no Chromium at ${chromium}: install it with apt-get install -y chromium.`,
  );
  process.exit(1);
}

/** @type {{ name: string, projects: string[], before?: string[] }[]} */
const lanes = [];
if (!e2eOnly) lanes.push({ name: 'unit', projects: ['scripts', 'shared', 'api', 'web'] });
if (hasChromium) {
  // The browser tests open the built app: the lane builds it first when its sources changed.
  lanes.push({ name: 'e2e', projects: ['e2e'], before: ['node', 'scripts/web-build.mjs'] });
} else {
  console.log(`No Chromium at ${chromium}: skipping the browser (e2e) tests.`);
}
if (lanes.length === 0) process.exit(0);

/**
 * Runs one lane's vitest and resolves with its exit status and output. With other lanes
 * beside it, each line is prefixed with the lane's name so the interleaved log still reads.
 */
async function runLane(lane, prefixed) {
  const chunks = [];
  if (lane.before) {
    const [command, ...rest] = lane.before;
    const status = await run(command, rest, lane, prefixed, chunks);
    if (status !== 0) return { lane, status, output: chunks.join('') };
  }
  const args = [
    'vitest',
    'run',
    ...lane.projects.flatMap((p) => ['--project', p]),
    // A file or name filter may match nothing in one lane; that lane has then passed.
    ...(extra.length > 0 && lanes.length > 1 ? ['--passWithNoTests'] : []),
    ...extra,
  ];
  const status = await run('npx', args, lane, prefixed, chunks);
  return { lane, status, output: chunks.join('') };
}

/** Runs `command`, passing its output through (prefixed or not) and keeping it in `chunks`. */
function run(command, args, lane, prefixed, chunks) {
  const child = spawn(command, args, { cwd: root, stdio: ['inherit', 'pipe', 'pipe'] });
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    if (prefixed) {
      readline.createInterface({ input: from }).on('line', (line) => {
        chunks.push(`${line}\n`);
        to.write(`[${lane.name}] ${line}\n`);
      });
    } else {
      from.on('data', (chunk) => {
        chunks.push(chunk.toString('utf8'));
        to.write(chunk);
      });
    }
  }
  return new Promise((resolve) => {
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const parallel = lanes.length > 1 && !serial;
const results = [];
if (parallel) {
  results.push(...(await Promise.all(lanes.map((lane) => runLane(lane, true)))));
} else {
  for (const lane of lanes) results.push(await runLane(lane, false));
}

// The output was passed through as it came; a failed run repeats each lane's failures and
// unhandled errors last, since CI logs are often read from the tail, where vitest prints only
// the counts.
let status = 0;
for (const result of results) {
  if (result.status === 0) continue;
  status = result.status;
  const digest = failureDigest(result.output);
  console.error(
    `\n=== What failed in the ${result.lane.name} lane (repeated from above)\n${digest || `vitest exited with ${result.status}`}`,
  );
}
if (parallel) {
  for (const result of results)
    console.log(`${result.lane.name} lane: ${result.status === 0 ? 'passed' : 'FAILED'}`);
}
process.exit(status);
