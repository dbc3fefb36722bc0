// A bare Fastify server: the yardstick the API's routes are measured against. Besides its
// hello-world it serves the plan list's very bytes and headers, so a database-free route of the
// API is compared with Fastify doing the same work and nothing else (a 2.8 kB answer costs the
// kernel more than 17 bytes do).
import Fastify from 'fastify';
import { TIER_OPTIONS } from '@app/domain';
import './cpu-report.ts';

const SUBSCRIPTION_DETAILS = Buffer.from(JSON.stringify(TIER_OPTIONS));
const HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'public, max-age=300',
  'x-content-type-options': 'nosniff',
};

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.get('/subscription_details.json', (_request, reply) => {
  reply.headers(HEADERS).send(SUBSCRIPTION_DETAILS);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`);
