// A bare Fastify server: the yardstick the API's routes are measured against. Besides its
// hello-world it can answer one route with the very bytes the API answered there (BARE_ANSWER:
// path, status, headers and body, taken from the running API by the bench), so a route of the API
// is compared with Fastify doing the same HTTP work and nothing else: a 2.8 kB answer with a kilobyte
// of security headers costs the kernel and Node more than 17 bytes do.
import Fastify from 'fastify';
import './cpu-report.ts';

/** An answer of the API as the bench recorded it; the body base64-encoded. */
export interface RecordedAnswer {
  path: string;
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
if (process.env.BARE_ANSWER) {
  const answer = JSON.parse(process.env.BARE_ANSWER) as RecordedAnswer;
  const body = Buffer.from(answer.body, 'base64');
  app.get(answer.path, (_request, reply) => {
    reply.status(answer.status).headers(answer.headers).send(body);
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`);
