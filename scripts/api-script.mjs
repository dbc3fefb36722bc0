// `npm run stripe:sync` and `npm run discord:register`: compiles the server apps when stale (never
// in a production install, which has only the compiled files), then runs the compiled script.
import { spawn } from 'node:child_process';
import { buildServers, serverBuildIsStale } from './build-server.mjs';
import { ROOT } from './lib.mjs';

const name = process.argv[2];
if (!['stripe-sync', 'discord-register'].includes(name ?? '')) {
  console.error(`Unknown script: ${name}`);
  process.exit(2);
}
if (serverBuildIsStale()) {
  console.log('Compiling the server…');
  await buildServers();
}
const child = spawn(process.execPath, ['--enable-source-maps', `apps/api/dist/${name}.js`], {
  stdio: 'inherit',
  cwd: ROOT,
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
