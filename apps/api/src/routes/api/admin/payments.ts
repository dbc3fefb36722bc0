import {
  AdminPaymentsBody,
  AdminRefundBody,
  AdminRefundParams,
  AdminRefundResult,
  AdminUserPaymentParams,
  ErrorBody,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getUser } from '../../../modules/users/get-user.ts';
import { listUserPayments } from '../../../modules/payments/list-user-payments.ts';
import { refundPayment } from '../../../modules/payments/refund-payment.ts';

const tags = ['admin', 'payment'];

/**
 * A person's payments on the admin's user page, and refunds of them: the refund goes to Stripe, and
 * Stripe's webhook takes back what the payment granted (once, whatever retries happen).
 */
export const adminPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.get(
    '/users/:userId/payments',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "A person's payments, newest first",
        params: AdminUserPaymentParams,
        response: { 200: AdminPaymentsBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const user = await getUser({ db, userId: request.params.userId });
      return { payments: await listUserPayments({ db, userId: user.id }) };
    },
  );

  app.post(
    '/users/:userId/payments/:paymentId/refund',
    {
      config: { access: 'admin+password' },
      schema: {
        tags,
        summary: 'Refund a payment, in full or an amount (admin password)',
        description:
          'Asks Stripe to refund the payment; its webhook then takes back what the payment granted, pro rata for a part. For a redeemed gift, giftRecipient chooses whether its recipient keeps it (default) or has it taken back.',
        params: AdminRefundParams,
        body: AdminRefundBody,
        response: {
          200: AdminRefundResult,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request) => {
      const { userId, paymentId } = request.params;
      const { amountCents, giftRecipient, requestId } = request.body;
      return refundPayment({
        db,
        stripe: app.billing().stripe,
        adminId: request.user.id,
        userId,
        paymentId,
        amountCents,
        giftRecipient,
        requestId,
      });
    },
  );
};
