import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkRecords, formatReport, readRecords } from '@app/emulator-fidelity';
import { STATE_DIR } from './auth.ts';
import { collectRunSecrets, scanLog } from './log-secrets.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Starts the product the way `npm start` does (production build, embedded defaults) on a free port
 * with a temporary data folder, and stops it after the run. Its Stripe and Discord emulators record
 * every object they hand out; after the run each is checked against the official types, and any
 * misfit fails the run. The server's log (info level, one line per request) is kept in a file and,
 * after the run, searched for every session id and hash, interaction token and client secret the
 * run produced; any found fails the run.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  const recordDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-emulator-records-'));
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-server-log-'));
  const logFile = path.join(logDir, 'server.log');
  const logStream = createWriteStream(logFile);
  // A month of business for the admin overview, written before the server opens the database. Its
  // people are `demo-…` and its jobs private, so no other journey meets them.
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/seed-overview.mjs', '--seed', '11'],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    },
  );
  if (seeded.status !== 0) throw new Error(`the overview history could not be seeded:\n${seeded.stderr}`);
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // Journeys create a fresh user for every test that changes one, so they sign in more often
      // than a person does; the limit stays on, with a budget no run reaches.
      SIGN_IN_RATE_LIMIT: '1000',
      E2E_BASE_URL: '',
      EMULATOR_RECORD_DIR: recordDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      logStream.write(chunk);
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    server.stdout.on('data', onData);
    server.stderr.on('data', (chunk: Buffer) => {
      logStream.write(chunk);
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  const adminPassword = /Admin password for this run[^:]*: (\S+)/.exec(output)?.[1];
  process.env.E2E_BASE_URL = url;
  process.env.E2E_DATA_DIR = dataDir;
  if (adminPassword) process.env.E2E_ADMIN_PASSWORD = adminPassword;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await new Promise((resolve) => logStream.end(resolve));
    const secrets = await collectRunSecrets(dataDir, STATE_DIR);
    const scan = scanLog(readFileSync(logFile, 'utf8'), secrets);
    rmSync(dataDir, { recursive: true, force: true });
    const report = checkRecords(readRecords(recordDir));
    rmSync(recordDir, { recursive: true, force: true });
    console.log(`\n${formatReport(report)}\n`);
    console.log(
      `Server log: ${scan.accessLines} requests searched for ${secrets.sessionIds.size + secrets.sessionHashes.size} ` +
        `session ids and hashes, ${secrets.interactionTokens.size} interaction tokens and ` +
        `${secrets.clientSecrets.size} client secrets; ${scan.leaks.length} found.\n`,
    );
    const failures: string[] = [];
    if (report.failures.length > 0)
      failures.push(`${report.failures.length} kinds of emulator objects break the official types (above).`);
    if (scan.accessLines === 0)
      failures.push(`The server log has no request lines, so it could not be searched (${logFile}).`);
    if (scan.leaks.length > 0)
      failures.push(`Secrets in the server log (${logFile}):\n${scan.leaks.slice(0, 20).join('\n')}`);
    else if (scan.accessLines > 0) rmSync(logDir, { recursive: true, force: true });
    if (failures.length > 0) throw new Error(failures.join('\n'));
  };
}
