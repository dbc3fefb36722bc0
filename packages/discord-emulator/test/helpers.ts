import { createPublicKey, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API } from '@discordjs/core/http-only';
import { REST, type RESTOptions } from '@discordjs/rest';
import {
  startDiscordEmulator,
  type DiscordEmulatorOptions,
  type StartedDiscordEmulator,
} from '../src/index.ts';

// Tests read deep into Discord's JSON; one loosely typed alias keeps them readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export type Handler = (interaction: Record<string, unknown>) => unknown;

/** A stand-in for the product's interactions endpoint: verifies Discord's Ed25519 signature with
 * the public key the emulator printed, then lets each test decide the answer. */
export class InteractionsApp {
  server!: Server;
  url = '';
  handler: Handler = () => undefined;
  /** Skips signature checks, as a broken app would. */
  acceptAll = false;
  received: { body: Record<string, unknown>; validSignature: boolean }[] = [];

  constructor(private readonly publicKeyHex: () => string) {}

  private verify(sig: string, ts: string, body: string): boolean {
    try {
      const key = createPublicKey({
        key: Buffer.concat([
          Buffer.from('302a300506032b6570032100', 'hex'),
          Buffer.from(this.publicKeyHex(), 'hex'),
        ]),
        format: 'der',
        type: 'spki',
      });
      return verify(null, Buffer.from(ts + body), key, Buffer.from(sig, 'hex'));
    } catch {
      return false;
    }
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const valid = this.verify(
          String(req.headers['x-signature-ed25519']),
          String(req.headers['x-signature-timestamp']),
          raw,
        );
        const body = JSON.parse(raw) as Record<string, unknown>;
        this.received.push({ body, validSignature: valid });
        if (!valid && !this.acceptAll) return void res.writeHead(401).end('invalid request signature');
        if (body.type === 1)
          return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"type":1}');
        Promise.resolve(this.handler(body)).then(
          (answer) => {
            if (answer === undefined) res.writeHead(202).end();
            else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
          },
          () => res.writeHead(500).end(),
        );
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/discord/interactions`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}

export interface Setup {
  emulator: StartedDiscordEmulator;
  app: InteractionsApp;
  rest: REST;
  api: API;
  clock: { offset: number };
  control: (path: string, body?: unknown) => Promise<{ status: number; body: Record<string, unknown> }>;
  client: (opts?: Partial<RESTOptions>) => { rest: REST; api: API };
}

export async function setup(options: DiscordEmulatorOptions = {}): Promise<Setup> {
  const clock = { offset: 0 };
  const holder: { emulator?: StartedDiscordEmulator } = {};
  const app = new InteractionsApp(() => holder.emulator!.publicKey);
  await app.start();
  const emulator = await startDiscordEmulator({
    interactionsUrl: app.url,
    now: () => Date.now() + clock.offset,
    ...options,
  });
  holder.emulator = emulator;
  const client = (opts: Partial<RESTOptions> = {}) => {
    const rest = new REST({ api: `${emulator.url}/api`, version: '10', retries: 0, ...opts }).setToken(
      emulator.botToken,
    );
    return { rest, api: new API(rest) };
  };
  const control = async (path: string, body?: unknown) => {
    const res = await fetch(
      `${emulator.url}${path}`,
      body === undefined
        ? {}
        : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    );
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return { emulator, app, clock, control, client, ...client() };
}

export const MAKE_COMMAND = {
  name: 'make',
  description: 'Make an image',
  options: [
    { type: 3, name: 'prompt', description: 'What to make', required: true },
    {
      type: 4,
      name: 'count',
      description: 'How many',
      choices: [
        { name: 'one', value: 1 },
        { name: 'two', value: 2 },
      ],
    },
    { type: 11, name: 'image', description: 'Start from an image' },
  ],
};

export const button = (customId: string, label = 'Go') => ({ type: 2, style: 1, custom_id: customId, label });
export const row = (...components: unknown[]) => ({ type: 1, components });
