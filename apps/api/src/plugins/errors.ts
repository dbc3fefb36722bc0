import { isDatabaseUnavailable } from '@app/db';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { AppError } from '../lib/errors.ts';
import { mapStripeError } from '../lib/stripe-errors.ts';

/** One error shape for every failure; 5xx texts never leave the server. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // A 429, or a refusal that ends at a known time (a generation pause).
      if (error.status === 429 || error.retryAfterSeconds !== undefined)
        retryAfter(reply, error.retryAfterSeconds);
      return reply
        .status(error.status)
        .send({ error: { ...error.details, code: error.code, message: error.message } });
    }
    if (error instanceof Stripe.errors.StripeError) {
      // Stripe's own words are for us: the log gets them, the caller gets ours.
      const mapped = mapStripeError(error);
      request.log.warn(
        { err: error, stripeCode: error.code, declineCode: error.decline_code },
        'stripe refused',
      );
      if (mapped)
        return reply.status(mapped.status).send({ error: { code: mapped.code, message: mapped.message } });
      return reply.status(502).send({
        error: {
          code: 'PAYMENT_PROVIDER_ERROR',
          message: 'The payment could not be completed. Please try again.',
        },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = error.validation
        .map((issue) => {
          const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
          return field ? `${field}: ${issue.message}` : issue.message;
        })
        .join('; ');
      return reply
        .status(400)
        .send({ error: { code: 'VALIDATION_ERROR', message: message || 'Invalid input' } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500 && isDatabaseUnavailable(error)) {
      // A database restart or a network blip: the request may work in a moment, and a load
      // balancer or client that reads Retry-After tries again instead of giving up.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ error: SERVICE_UNAVAILABLE });
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send({ error: { code: 'INTERNAL', message: 'Something went wrong on our side' } });
    }
    if (status === 429) {
      retryAfter(reply);
      return reply.status(429).send({ error: { code: 'RATE_LIMITED', message: error.message } });
    }
    return reply
      .status(status)
      .send({ error: { code: error.code ?? 'BAD_REQUEST', message: error.message } });
  });
});

/** Every 429 says when to try again; a limiter that set the header already keeps its own. */
function retryAfter(reply: FastifyReply, seconds?: number) {
  if (seconds !== undefined) reply.header('retry-after', String(seconds));
  else if (!reply.hasHeader('retry-after')) reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
}

const DEFAULT_RETRY_AFTER_SECONDS = 30;

/** How soon a caller should try again while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const SERVICE_UNAVAILABLE = {
  code: 'SERVICE_UNAVAILABLE',
  message: 'The service is briefly unavailable. Please try again in a few seconds.',
} as const;
