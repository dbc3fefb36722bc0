import { PaymentConfig } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const paymentConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payment'],
        summary: "The publishable key and, in the embedded default, the Stripe emulator's URL",
        response: { 200: PaymentConfig },
      },
    },
    async () => {
      const billing = app.billing();
      return billing.emulatorUrl
        ? { publishableKey: billing.publishableKey, emulatorUrl: billing.emulatorUrl }
        : { publishableKey: billing.publishableKey };
    },
  );
};
