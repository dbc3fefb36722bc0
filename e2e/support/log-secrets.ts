import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** The secrets a run handed out, by kind. */
export interface RunSecrets {
  sessionIds: Set<string>;
  sessionHashes: Set<string>;
  interactionTokens: Set<string>;
  clientSecrets: Set<string>;
}

const INTERACTION_TOKEN = /^aW50ZXJhY3Rpb24/;
const CLIENT_SECRET = /^[a-z]+_[A-Za-z0-9_]+_secret_[A-Za-z0-9]+$/;

/** Every string in a JSON state file, at any depth. */
function* stringsOf(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* stringsOf(item);
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) yield* stringsOf(item);
}

function readJson(file: string): unknown {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as unknown) : null;
}

/**
 * What the run produced, read after the server stopped: the session hashes left in its database,
 * the session ids the signed-in browsers kept, the interaction tokens the Discord emulator issued
 * and the client secrets the Stripe emulator issued (both keep their state under the data folder).
 */
export async function collectRunSecrets(dataDir: string, authStateDir: string): Promise<RunSecrets> {
  const secrets: RunSecrets = {
    sessionIds: new Set(),
    sessionHashes: new Set(),
    interactionTokens: new Set(),
    clientSecrets: new Set(),
  };
  const db = new PGlite(path.join(dataDir, 'db'));
  try {
    const { rows } = await db.query<{ id_hash: string }>('select id_hash from sessions');
    for (const row of rows) secrets.sessionHashes.add(row.id_hash);
  } finally {
    await db.close();
  }
  if (existsSync(authStateDir))
    for (const file of readdirSync(authStateDir).filter((name) => name.endsWith('.json'))) {
      const state = readJson(path.join(authStateDir, file)) as {
        cookies?: { name: string; value: string }[];
      };
      for (const cookie of state.cookies ?? [])
        if (cookie.name === 'sid') secrets.sessionIds.add(cookie.value);
    }
  for (const value of stringsOf(readJson(path.join(dataDir, 'discord', 'state.json'))))
    if (INTERACTION_TOKEN.test(value)) secrets.interactionTokens.add(value);
  for (const value of stringsOf(readJson(path.join(dataDir, 'stripe', 'state.json'))))
    if (CLIENT_SECRET.test(value)) secrets.clientSecrets.add(value);
  return secrets;
}

export interface LogScan {
  accessLines: number;
  leaks: string[];
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Looks through a server log for the run's secrets, and for anything of a secret's shape that
 * escaped redaction: a session id whose hash is one of the run's sessions, an interaction token,
 * a client secret, a session cookie value.
 */
export function scanLog(log: string, secrets: RunSecrets): LogScan {
  const leaks: string[] = [];
  const lineOf = (index: number) => log.slice(log.lastIndexOf('\n', index) + 1, log.indexOf('\n', index));
  const report = (kind: string, index: number) => leaks.push(`${kind}: ${lineOf(index).slice(0, 400)}`);

  const known: [string, Set<string>][] = [
    ['session id', secrets.sessionIds],
    ['session hash', secrets.sessionHashes],
    ['interaction token', secrets.interactionTokens],
    ['client secret', secrets.clientSecrets],
  ];
  for (const [kind, values] of known)
    for (const value of values) {
      const index = log.indexOf(value);
      if (index >= 0) report(kind, index);
    }
  // Session ids are 32 random bytes in base64url: any such word whose hash is a live session's.
  for (const match of log.matchAll(/(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g))
    if (secrets.sessionHashes.has(sha256(match[0]))) report('session id (by its hash)', match.index);
  const shapes: [string, RegExp][] = [
    ['interaction token', /aW50ZXJhY3Rpb24/g],
    ['client secret', /_secret_(?!\[REDACTED\])[A-Za-z0-9]/g],
    ['session cookie', /\bsid=(?!\[REDACTED\])[A-Za-z0-9_-]/g],
    ['Discord webhook token', /\/webhooks\/\d+\/(?!\[REDACTED\])[^/?\s"]/g],
    ['Discord interaction token', /\/interactions\/\d+\/(?!\[REDACTED\])[^/?\s"]/g],
  ];
  for (const [kind, pattern] of shapes) for (const match of log.matchAll(pattern)) report(kind, match.index);

  const accessLines = log.split('\n').filter((line) => line.includes('"msg":"request"')).length;
  return { accessLines, leaks: [...new Set(leaks)] };
}
