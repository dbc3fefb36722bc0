import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL, so a test can take the database away from the processes it
 * started without touching the server: `refuse` cuts every connection and refuses new ones (the
 * port stops listening) until `accept`, as a database restart or a network partition would.
 */
export interface PgProxy {
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  /** Connections passing through now. */
  readonly open: number;
  /** Cuts every connection and stops listening until `accept`. */
  refuse(): Promise<void>;
  /** Listens again on the same port. */
  accept(): Promise<void>;
  /**
   * A stall: cuts every connection, then accepts new ones and answers nothing on them (a server
   * that hangs, a network that drops packets) until `flow`, which connects the ones still open.
   */
  blackhole(): void;
  /** Ends a `blackhole`: connections held open are put through, new ones pass as before. */
  flow(): void;

  close(): Promise<void>;
}

export async function startPgProxy(target: { host: string; port: number }): Promise<PgProxy> {
  const pairs = new Set<[net.Socket, net.Socket]>();
  let stalled = false;
  const held = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (stalled) {
      // Nothing read, nothing answered: the client waits as on a hung server.
      client.pause();
      held.add(client);
      const drop = () => held.delete(client);
      client.on('error', drop).on('close', drop);
      return;
    }
    connectUp(client);
  });
  const connectUp = (client: net.Socket) => {
    const upstream = net.connect(target);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  let port = 0;
  await listen();
  port = (server.address() as net.AddressInfo).port;

  const cutAll = () => {
    for (const [client, upstream] of [...pairs]) {
      client.destroy();
      upstream.destroy();
    }
  };
  return {
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    get open() {
      return pairs.size;
    },
    async refuse() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      cutAll();
      await closed;
    },
    accept: listen,
    blackhole() {
      stalled = true;
      cutAll();
    },
    flow() {
      stalled = false;
      for (const client of [...held]) {
        held.delete(client);
        if (!client.destroyed) connectUp(client);
      }
    },
    async close() {
      cutAll();
      for (const client of held) client.destroy();
      held.clear();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
