// `npm start`: builds the web app when its build is missing or stale, then runs the API, which
// serves the app, on the settings in the environment (embedded defaults when none are set).
import { spawn } from 'node:child_process';
import { ROOT, run, webBuildIsStale } from './lib.mjs';

if (webBuildIsStale()) {
  console.log('Building the web app…');
  const code = await run('npm', ['run', 'build', '--silent', '-w', '@app/web']);
  if (code !== 0) process.exit(code);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  stdio: 'inherit',
  cwd: ROOT,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
