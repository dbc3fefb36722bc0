import { createHash, timingSafeEqual } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics, MetricsSettings } from '@app/jobs';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

function send(res: import('node:http').ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ error: { code, message } }));
}

/**
 * A standalone worker has no API to hang `/metrics` on, so it listens on METRICS_PORT for this one
 * route. Same rules as the API's: 404 without METRICS_TOKEN, 401 without the right bearer token.
 */
export async function serveMetrics(
  metrics: Metrics,
  settings: MetricsSettings,
): Promise<Server & { url: string }> {
  const server = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || pathname !== '/metrics' || !settings.token) {
      send(res, 404, 'NOT_FOUND', 'Route not found');
      return;
    }
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!given || !timingSafeEqual(digest(given), digest(settings.token))) {
      res.setHeader('www-authenticate', 'Bearer');
      send(res, 401, 'UNAUTHORIZED', 'A valid metrics token is required');
      return;
    }
    metrics.registry
      .metrics()
      .then((text) => {
        res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
        res.end(text);
      })
      .catch(() => send(res, 500, 'INTERNAL', 'Metrics are not available'));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port ?? 0, settings.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return Object.assign(server, { url: `http://${settings.host}:${port}` });
}
