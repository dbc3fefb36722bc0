// `npm start`: builds the web app and compiles the API when either build is missing or stale, then
// runs the compiled API, which serves the app, on the settings in the environment (embedded
// defaults when none are set).
import { spawn } from 'node:child_process';
import { buildServers, serverBuildIsStale } from './build-server.mjs';
import { ROOT, SERVER_NODE_FLAGS, run, webBuildIsStale } from './lib.mjs';

if (webBuildIsStale()) {
  console.log('Building the web app…');
  const code = await run('npm', ['run', 'build', '--silent', '-w', '@app/web']);
  if (code !== 0) process.exit(code);
}
if (serverBuildIsStale()) {
  console.log('Compiling the server…');
  await buildServers();
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/api/dist/server.js'], {
  stdio: 'inherit',
  cwd: ROOT,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
