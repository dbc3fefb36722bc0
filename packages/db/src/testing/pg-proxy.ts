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
  close(): Promise<void>;
}

export async function startPgProxy(target: { host: string; port: number }): Promise<PgProxy> {
  const pairs = new Set<[net.Socket, net.Socket]>();
  const server = net.createServer((client) => {
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
  });
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
    async close() {
      cutAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
