import autocannon from 'autocannon';
import { serverCpuMicros, startServer, stop, median } from './lib.ts';
const bare = await startServer('bench/servers/bare.ts');
const app = await startServer('bench/servers/app-ab-tmp.ts');
const nolog = await startServer('bench/servers/app-ab-tmp.ts', { BENCH_NO_LOG: '1' });
const cases = [
  ['bare hello', bare, '/'],
  ['bare same', bare, '/subscription_details.json'],
  ['app nolog', nolog, '/subscription_details.json'],
  ['app log', app, '/subscription_details.json'],
] as const;
const res: Record<string, number[]> = {};
for (let r = 0; r < 10; r++) {
  for (const [name, s, path] of cases) {
    const a = await serverCpuMicros(s.child);
    const out = await autocannon({ url: `http://127.0.0.1:${s.port}${path}`, connections: 16, duration: 1.5 });
    const b = await serverCpuMicros(s.child);
    if (r > 0) (res[name] ??= []).push((b - a) / out.requests.total);
  }
}
for (const k of Object.keys(res)) console.log(k.padEnd(12), median(res[k]!).toFixed(1), res[k]!.map((v) => v.toFixed(0)).join(' '));
for (const s of [bare, app, nolog]) await stop(s.child);
