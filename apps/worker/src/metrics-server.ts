import { createHash, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { Metrics, MetricsSettings } from '@app/jobs';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
const error = (code: string, message: string) => ({ error: { code, message } });

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A standalone worker has no API to hang `/metrics` on, so it listens on METRICS_PORT for this one
 * route. Same rules as the API's: 404 without METRICS_TOKEN, 401 without the right bearer token.
 */
export async function serveMetrics(metrics: Metrics, settings: MetricsSettings): Promise<MetricsServer> {
  const app = Fastify({ logger: false });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(error('NOT_FOUND', 'Route not found')));
  app.setErrorHandler((_error, _request, reply) =>
    reply.code(500).send(error('INTERNAL', 'Metrics are not available')),
  );
  const token = settings.token;
  if (token) {
    app.get('/metrics', async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!given || !timingSafeEqual(digest(given), digest(token))) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .header('cache-control', 'no-store')
          .send(error('UNAUTHORIZED', 'A valid metrics token is required'));
      }
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(text);
    });
  }
  await app.listen({ port: settings.port ?? 0, host: settings.host });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://${settings.host}:${port}`, close: () => app.close() };
}
