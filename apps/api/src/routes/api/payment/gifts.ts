import {
  ErrorBody,
  GiftCodeBody,
  GiftCodeListResult,
  GiftCodeResult,
  RedeemGiftCodeBody,
  RedeemGiftCodeResult,
  TestGiftCodeResult,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTestGiftCode } from '../../../modules/gifts/create-test-gift-code.ts';
import { getGiftCode } from '../../../modules/gifts/get-gift-code.ts';
import { listGiftCodes } from '../../../modules/gifts/list-gift-codes.ts';
import { redeemGiftCode } from '../../../modules/gifts/redeem-gift-code.ts';
import { createWrongCodeLimiter } from '../../../modules/gifts/wrong-code-limiter.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const readLimit = { max: 60, timeWindow: '1 minute' };

/** Gift codes: the buyer's codes, redeeming one, and the admin's test code. */
export const paymentGiftRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.database.db;
  const limiter = createWrongCodeLimiter({ db });

  app.post(
    '/get_gift_code',
    {
      config: { access: 'user', rateLimit: readLimit },
      schema: {
        tags: ['payment'],
        summary: 'The newest gift code the user bought',
        body: GiftCodeBody,
        response: { 200: GiftCodeResult, ...errors },
      },
    },
    async (request) => ({
      giftcode: await getGiftCode({ db, user: request.user, stripeId: request.body.stripeId }),
    }),
  );

  app.post(
    '/get_gift_code_list',
    {
      config: { access: 'user', rateLimit: readLimit },
      schema: {
        tags: ['payment'],
        summary: "The user's gift codes as 'code: date|code: date', and each code's validity",
        body: GiftCodeBody,
        response: { 200: GiftCodeListResult, ...errors },
      },
    },
    async (request) => listGiftCodes({ db, user: request.user, stripeId: request.body.stripeId }),
  );

  app.post(
    '/redeem-gift-code',
    {
      // Wrong codes are limited separately (per user and address); this bounds the call itself.
      config: { access: 'user', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['payment'],
        summary: 'Redeem a gift code: the gifted plan for one period, no card; answers a path here',
        body: RedeemGiftCodeBody,
        response: { 200: RedeemGiftCodeResult, 409: ErrorBody, 429: ErrorBody, ...errors },
      },
    },
    async (request) =>
      redeemGiftCode({
        db,
        stripe: app.billing().stripe,
        user: request.user,
        body: request.body,
        limiter,
        clientKey: request.ip,
      }),
  );

  app.post(
    '/testpost',
    {
      config: { access: 'admin', rateLimit: readLimit },
      schema: {
        tags: ['payment'],
        summary: 'Admin: make a test gift code (no payment) for the hidden page',
        body: GiftCodeBody,
        response: { 200: TestGiftCodeResult, ...errors },
      },
    },
    async (request) => ({
      giftcode: await createTestGiftCode({
        db,
        user: request.user,
        stripeId: request.body.stripeId,
      }),
    }),
  );
};
