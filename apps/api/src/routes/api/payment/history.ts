import { ErrorBody, PaymentHistoryParams, PaymentHistoryResult } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listPaymentHistory } from '../../../modules/subscriptions/list-payment-history.ts';

/** The payment history page's records. */
export const paymentHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payment-history/:stripeid',
    {
      config: { access: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['payment'],
        summary: "A customer's invoices and one-off payments, newest first (own only; admins any)",
        params: PaymentHistoryParams,
        response: { 200: PaymentHistoryResult, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) =>
      listPaymentHistory({
        db: app.ctx.database.db,
        stripe: app.billing().stripe,
        user: request.user,
        customerId: request.params.stripeid,
      }),
  );
};
