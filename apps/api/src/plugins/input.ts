import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assertCleanText } from '../lib/clean-text.ts';

/**
 * One input rule for every route, before its schema runs: no text with NUL characters or unpaired
 * surrogates in the body, the query or the path. Such text would otherwise reach PostgreSQL or the
 * payment provider and fail there as a 500 after part of the work was done. Raw bodies (the signed
 * webhook) are buffers and are checked by their route; multipart fields by the upload route.
 */
export const inputPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: it runs on every request and has nothing to wait for.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      assertCleanText(request.params, 'The path');
      assertCleanText(request.query, 'The query');
      assertCleanText(request.body, 'The body');
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
});
