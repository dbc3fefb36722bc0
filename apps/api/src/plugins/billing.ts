import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import type { Billing } from '../modules/billing/stripe-client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider; answers 503 when the app was built without one. */
    billing(): Billing;
    /** The payment provider, or undefined when there is none (for calls that work without one). */
    optionalBilling(): Billing | undefined;
  }
}

/**
 * Makes the payment provider available to routes. An app built without one (tests of other areas)
 * still registers every payment route; the calls answer 503 instead of charging anything.
 */
export const billingPlugin = fp(async (app: FastifyInstance, options: { billing?: Billing }) => {
  app.decorate('billing', () => {
    if (!options.billing) {
      throw new AppError('PAYMENTS_UNAVAILABLE', {
        status: 503,
        message: 'Payments are not available right now',
      });
    }
    return options.billing;
  });
  app.decorate('optionalBilling', () => options.billing);
});
