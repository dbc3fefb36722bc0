import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MountableEmulator } from './emulator.ts';

interface FastifyLike {
  addHook(
    name: 'onRequest',
    hook: (
      request: { raw: IncomingMessage },
      reply: { raw: ServerResponse; hijack(): void },
      done: () => void,
    ) => void,
  ): unknown;
}

/**
 * A Fastify plugin serving the emulator under its prefix on the app's own port. It answers in an
 * `onRequest` hook, before Fastify parses the body, because the emulator reads the raw form body
 * itself. Written against Fastify's hook API without importing Fastify, so the emulator has no
 * dependency on it; `skip-override` keeps the hook on the parent instance, as `fastify-plugin` would.
 */
export function fastifyEmulator(emulator: MountableEmulator) {
  const plugin = async (app: FastifyLike) => {
    app.addHook('onRequest', (request, reply, done) => {
      let passed = false;
      emulator.handle(request.raw, reply.raw, () => {
        passed = true;
        done();
      });
      if (!passed) reply.hijack();
    });
  };
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}
