// `npm run bench`: measures the budgets of DESIGN.md in one run and writes bench/results/latest.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { measureBundle } from './bundle.ts';
import { ROOT } from './lib.ts';
import { benchInteractions } from './interactions.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchSignedInRead, benchThroughput } from './throughput.ts';
import { benchLocalProvider, benchSubmissions, benchSubmitToRunning } from './jobs.ts';
import { reportFleet } from './fleet-report.ts';

const BUDGETS = { initialJsGzipKb: 125, throughputRatio: 0.7, signedInRatio: 0.4, lighthouse: 95 };
const only = new Set(process.argv.slice(2));
const wants = (name: string) => only.size === 0 || only.has(name);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const verdict = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');

execSync('npm run build --silent', { cwd: ROOT, stdio: 'inherit' });
const results: Record<string, unknown> = { date: new Date().toISOString() };

if (wants('bundle')) {
  const bundle = measureBundle();
  results.bundle = bundle;
  console.log(
    `\nLanding page initial JS: ${kb(bundle.initialJsGzip)} kB gzip (budget ${BUDGETS.initialJsGzipKb} kB) — ${verdict(bundle.initialJsGzip / 1024 <= BUDGETS.initialJsGzipKb)}`,
  );
  console.log('Lazy chunks (loaded only by the pages that need them):');
  for (const chunk of bundle.lazyChunks.slice(0, 12))
    console.log(`  ${chunk.file.padEnd(44)} ${kb(chunk.gzip).padStart(7)} kB gzip`);
}

if (wants('throughput')) {
  const throughput = await benchThroughput();
  results.throughput = throughput;
  console.log(`\nGET /subscription_details.json: ${Math.round(throughput.appRps)} req/s`);
  console.log(`Bare Fastify hello-world:       ${Math.round(throughput.bareRps)} req/s`);
  console.log(
    `Ratio: ${(throughput.ratio * 100).toFixed(1)}% (budget ≥ ${BUDGETS.throughputRatio * 100}%) — ${verdict(throughput.ratio >= BUDGETS.throughputRatio)}`,
  );
}

if (wants('signed-in')) {
  const signedIn = await benchSignedInRead();
  results.signedIn = signedIn;
  console.log(`\nSigned-in read GET /api/auth/ on PostgreSQL: ${Math.round(signedIn.signedInRps)} req/s`);
  console.log(`Bare Fastify hello-world:                    ${Math.round(signedIn.bareRps)} req/s`);
  console.log(
    `Ratio: ${(signedIn.ratio * 100).toFixed(1)}% (budget ≥ ${BUDGETS.signedInRatio * 100}%, ${signedIn.connections} connections) — ${verdict(signedIn.ratio >= BUDGETS.signedInRatio)}`,
  );
  const [low, high] = signedIn.ratioSpread;
  console.log(`Single rounds ranged ${(low * 100).toFixed(0)}–${(high * 100).toFixed(0)}%`);
  if (signedIn.signedInCpuUs !== undefined && signedIn.bareCpuUs !== undefined) {
    console.log(
      `Server CPU per request: ${signedIn.signedInCpuUs.toFixed(0)} µs signed in, ${signedIn.bareCpuUs.toFixed(0)} µs bare (${((signedIn.bareCpuUs / signedIn.signedInCpuUs) * 100).toFixed(0)}%)`,
    );
  }
}

if (wants('interactions')) {
  const interactions = await benchInteractions();
  results.interactions = interactions;
  const line = (label: string, { rps, p99Ms }: { rps: number; p99Ms: number }) =>
    console.log(`${label.padEnd(34)} ${String(Math.round(rps)).padStart(6)} req/s   p99 ${p99Ms} ms`);
  console.log(
    `\nSigned Discord interactions on PostgreSQL (${interactions.connections} connections; Discord allows 3 s):`,
  );
  line('PING (signature, answer)', interactions.ping);
  line('/help (signature, account, answer)', interactions.help);
  line('Bare Fastify hello-world', interactions.bare);
  console.log(`p99 of /help under 100 ms — ${verdict(interactions.help.p99Ms < 100)}`);
}

if (wants('lighthouse')) {
  const scores = await benchLighthouse([
    { path: '/' },
    { path: '/dashboard', signedIn: true },
    { path: '/documentation' },
    { path: '/makecommanddocumentation' },
    { path: '/gallery' },
    { path: '/studio', signedIn: true },
  ]);
  results.lighthouse = scores;
  console.log('\nLighthouse (budget ≥ 95 each):');
  for (const score of scores) {
    const ok = score.performance >= BUDGETS.lighthouse && score.accessibility >= BUDGETS.lighthouse;
    console.log(
      `  ${score.page.padEnd(28)} performance ${score.performance}  accessibility ${score.accessibility} — ${verdict(ok)}`,
    );
  }
}

if (wants('jobs')) {
  const submissions = [await benchSubmissions('postgres'), await benchSubmissions('pglite')];
  const local = await benchLocalProvider();
  const latency = await benchSubmitToRunning();
  results.jobs = { submissions, localProviderMedianMs: local, submitToRunning: latency };
  console.log('\nPOST /api/jobs (a /make each, 16 connections, no worker):');
  for (const result of submissions) {
    console.log(
      `  ${result.database.padEnd(8)} ${Math.round(result.submitRps)} jobs/s beside bare Fastify ${Math.round(result.bareRps)} req/s (${(result.ratio * 100).toFixed(1)}%)`,
    );
  }
  console.log(
    `Local provider, median of 3: /make ${local.make} ms, 3 s /video ${local.video} ms, /speak ${local.speak} ms`,
  );
  console.log(
    `Submit to running (PGlite, in-process worker): p50 ${latency.p50Ms} ms, p99 ${latency.p99Ms} ms over ${latency.jobs} jobs`,
  );
}

if (wants('fleet')) results.fleet = await reportFleet();

mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(path.join(ROOT, 'bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('\nResults written to bench/results/latest.json');
