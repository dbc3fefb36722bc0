import type { FastifyInstance } from 'fastify';

/**
 * The origin our own links point at (payment return pages, the portal's way back, the Discord
 * callback): PUBLIC_URL (required in production), else the address this process listens on.
 * Never the request's Host header, which whoever sends the request chooses.
 */
export function publicOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  const listening = address && typeof address === 'object' ? address.port : app.ctx.settings.port;
  return publicOriginOf(app.ctx.settings, listening);
}

/** `publicOrigin` for settings and the port listened on. */
export function publicOriginOf(
  { publicUrl, host }: { publicUrl?: string; host: string },
  port: number,
): string {
  if (publicUrl) return publicUrl;
  // A wildcard bind is not an address a browser can go back to; this machine is.
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

/**
 * The address this process answers on, for calls it makes to itself (the embedded Stripe
 * emulator's SDK calls and webhooks): the bound address, loopback for a wildcard bind.
 */
export function ownOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('The server is not listening');
  const wildcard = { '0.0.0.0': '127.0.0.1', '::': '::1' }[address.address];
  const name = wildcard ?? address.address;
  return `http://${name.includes(':') ? `[${name}]` : name}:${address.port}`;
}
