// A bare Fastify hello-world: the yardstick the API's database-free routes are measured against.
import Fastify from 'fastify';
import './cpu-report.ts';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`);
