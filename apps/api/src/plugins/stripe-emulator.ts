import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ownOrigin, publicOrigin } from '../lib/public-origin.ts';
import type { MountedEmulator } from '../modules/billing/stripe-client.ts';

/**
 * The embedded default's Stripe emulator on our own port, under its prefix: its API for our SDK
 * and the browser's card field, and its pages (hosted checkout, card authentication, billing
 * portal, invoices). Its routes live in a context of their own, registered before our hooks
 * (session, cross-site checks, our CSP): it checks its own keys and sends its own script-free CSP,
 * parses its own bodies and answers its own errors. Registered first, so that once the
 * server listens the emulator knows our addresses before anything else uses it.
 */
export const stripeEmulatorPlugin = fp(
  async (app: FastifyInstance, options: { mounted: MountedEmulator }) => {
    const { mounted } = options;
    await app.register(mounted.plugin);
    // Synchronous: Fastify does not wait for onListen hooks before listen() resolves.
    app.addHook('onListen', (done) => {
      mounted.listening({ ownUrl: ownOrigin(app), publicUrl: publicOrigin(app) });
      done();
    });
  },
);
