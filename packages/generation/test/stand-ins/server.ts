import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What a stand-in saw, in order, so tests can check what a provider really sent. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** Switches that make a stand-in misbehave like a real backend under load or falling over. */
export interface Faults {
  /** Only requests whose path starts with one of these are affected; all when empty. */
  paths: string[];
  delayMs: number;
  /** Answer with this status instead (a 5xx or 4xx). */
  status: number | null;
  /** Send the headers and part of the body, then destroy the socket. */
  drop: boolean;
  /** Answer 200 with this body instead (`{"images": [not json`, JSON of the wrong shape, …). */
  body: string | Buffer | null;
  /** Accept the connection and the request, then never answer (a hung process). */
  silent: boolean;
}

export interface Reply {
  status?: number;
  type?: string;
  body: Buffer | string | object;
}

export type Handler = (request: RecordedRequest) => Promise<Reply> | Reply;

export interface StandIn {
  url: string;
  server: Server;
  requests: RecordedRequest[];
  faults: Faults;
  /** Requests to one path, e.g. `calls('POST', '/prompt')`. */
  calls(method: string, path: string): RecordedRequest[];
  close(): Promise<void>;
}

const noFaults = (): Faults => ({
  paths: [],
  delayMs: 0,
  status: null,
  drop: false,
  body: null,
  silent: false,
});

export async function startStandIn(handler: Handler, options: { port?: number } = {}): Promise<StandIn> {
  const requests: RecordedRequest[] = [];
  const faults = noFaults();
  const sockets = new Set<Socket>();

  const affected = (path: string) =>
    faults.paths.length === 0 || faults.paths.some((p) => path.startsWith(p));

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks),
    };
    requests.push(recorded);
    const hit = affected(recorded.path);
    if (hit && faults.delayMs) await new Promise((resolve) => setTimeout(resolve, faults.delayMs));
    if (hit && faults.silent) return new Promise<void>((resolve) => res.on('close', resolve));
    if (hit && faults.body !== null) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(faults.body);
      return;
    }
    if (hit && faults.status) {
      res.writeHead(faults.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'stand-in fault', detail: `status ${faults.status}` }));
      return;
    }
    const reply = await handler(recorded);
    const body =
      Buffer.isBuffer(reply.body) || typeof reply.body === 'string'
        ? Buffer.from(reply.body)
        : Buffer.from(JSON.stringify(reply.body));
    const type =
      reply.type ?? (Buffer.isBuffer(reply.body) ? 'application/octet-stream' : 'application/json');
    if (hit && faults.drop) {
      res.writeHead(reply.status ?? 200, {
        'content-type': type,
        'content-length': String(body.length + 1024),
      });
      res.write(body.subarray(0, Math.max(1, Math.floor(body.length / 2))));
      setTimeout(() => req.socket.destroy(), 10);
      return;
    }
    res.writeHead(reply.status ?? 200, { 'content-type': type, 'content-length': String(body.length) });
    res.end(body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    server,
    requests,
    faults,
    calls: (method, path) => requests.filter((r) => r.method === method && r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export const jsonOf = <T = Record<string, unknown>>(request: RecordedRequest): T =>
  JSON.parse(request.body.toString('utf8')) as T;
