import { serverCpuMicros, startServer, stop } from './lib.ts';
const s = await startServer('bench/servers/app-ab-tmp.ts', { BENCH_NO_LOG: '1' });
await new Promise((r) => setTimeout(r, 3000));
const a = await serverCpuMicros(s.child);
await new Promise((r) => setTimeout(r, 5000));
const b = await serverCpuMicros(s.child);
console.log('idle CPU µs per second', (b - a) / 5);
await stop(s.child);
