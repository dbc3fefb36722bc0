// `npm run dev`: the API in watch mode on API_PORT (default 3001) and Vite's dev server on 3000,
// which proxies /api to it.
import { spawn } from 'node:child_process';
import { ROOT } from './lib.mjs';

const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/api/src/server.ts'], {
    stdio: 'inherit',
    cwd: ROOT,
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000' },
  }),
  spawn('npx', ['vite', '--port', '3000', '--strictPort'], {
    stdio: 'inherit',
    cwd: `${ROOT}/apps/web`,
    env: { ...process.env, API_URL: `http://localhost:${apiPort}` },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
