// `npm run worker`: compiles the server apps when stale, then runs the compiled generation worker
// alone, on the same settings as the API (it needs DATABASE_URL: PostgreSQL shared with the API).
import { spawn } from 'node:child_process';
import { buildServers, serverBuildIsStale } from './build-server.mjs';
import { ROOT, SERVER_NODE_FLAGS } from './lib.mjs';

if (serverBuildIsStale()) {
  console.log('Compiling the server…');
  await buildServers();
}

const worker = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/worker/dist/main.js'], {
  stdio: 'inherit',
  cwd: ROOT,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => worker.kill(signal));
worker.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
