import {
  CustomerBody,
  CustomerIdParams,
  CustomerUpdateBody,
  CustomerWire,
  ErrorBody,
  UpdateFjCustomerBody,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCustomer, toCustomerWire, updateCustomer } from '../../../modules/customers/customers.ts';
import { ensureCustomer } from '../../../modules/customers/ensure-customer.ts';
import { assertMayActOn } from '../../../lib/authorization.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const limit = { max: 60, timeWindow: '1 minute' };

/** The signed-in user's Stripe customer: get or create, read, update. */
export const paymentCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customer',
    {
      config: { access: 'user', rateLimit: limit },
      schema: {
        tags: ['payment'],
        summary: "Get or create the signed-in user's Stripe customer",
        body: CustomerBody,
        response: { 200: CustomerWire, ...errors },
      },
    },
    async (request) => {
      const user = request.user;
      const { stripe } = app.billing();
      const asked = request.body.stripeId || undefined;
      if (asked && asked !== user.stripeCustomerId) {
        assertMayActOn(user, { customerId: asked }, 'That customer is not yours');
        return toCustomerWire(await getCustomer({ stripe, user, customerId: asked }));
      }
      const customerId = await ensureCustomer({ db: app.ctx.database.db, stripe, user });
      return toCustomerWire(
        await getCustomer({ stripe, user: { ...user, stripeCustomerId: customerId }, customerId }),
      );
    },
  );

  app.get(
    '/customer/:id',
    {
      config: { access: 'user', rateLimit: limit },
      schema: {
        tags: ['payment'],
        summary: 'A Stripe customer (own only; admins any)',
        params: CustomerIdParams,
        response: { 200: CustomerWire, ...errors },
      },
    },
    async (request) =>
      toCustomerWire(
        await getCustomer({
          stripe: app.billing().stripe,
          user: request.user,
          customerId: request.params.id,
        }),
      ),
  );

  app.put(
    '/customer/:id',
    {
      config: { access: 'user', rateLimit: limit },
      schema: {
        tags: ['payment'],
        summary: "Update a customer's name, email and address (own only; admins any)",
        params: CustomerIdParams,
        body: CustomerUpdateBody,
        response: { 200: CustomerWire, ...errors },
      },
    },
    async (request) =>
      toCustomerWire(
        await updateCustomer({
          stripe: app.billing().stripe,
          user: request.user,
          customerId: request.params.id,
          fields: request.body,
        }),
      ),
  );

  app.post(
    '/update_fjcustomer',
    {
      config: { access: 'user', rateLimit: limit },
      schema: {
        tags: ['payment'],
        summary: 'Update a customer and record the Discord id it belongs to (own only; admins any)',
        body: UpdateFjCustomerBody,
        response: { 200: CustomerWire, ...errors },
      },
    },
    async (request) => {
      const user = request.user;
      const { stripeCustomerId, discordId, updateFields } = request.body;
      if (discordId) assertMayActOn(user, { discordId }, 'That Discord account is not yours');
      const customer = await updateCustomer({
        stripe: app.billing().stripe,
        user,
        customerId: stripeCustomerId,
        fields: updateFields,
        metadata: discordId ? { discordId } : undefined,
      });
      return toCustomerWire(customer);
    },
  );
};
