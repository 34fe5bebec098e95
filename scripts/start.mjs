// `npm start`: build the web app and the API if needed, then run the compiled server
// (apps/api/dist/main.js; embedded database unless DATABASE_URL is set). Signals are passed
// on so the server shuts down gracefully.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildApiIfNeeded } from './api-build.mjs';
import { buildWebIfNeeded } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
buildWebIfNeeded();
await buildApiIfNeeded();
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
