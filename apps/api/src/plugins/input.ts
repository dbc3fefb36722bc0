import type {
  FastifyInstance,
  FastifyRequest,
  onRequestHookHandler,
  preValidationHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { assertCleanText } from '../lib/clean-text.ts';

/** Methods whose requests Fastify never reads a body for. */
const BODILESS = new Set(['GET', 'HEAD']);

type Check = (request: FastifyRequest) => void;

/** A callback hook for the check: nothing to wait for. */
const asHook =
  (check: Check): onRequestHookHandler & preValidationHookHandler =>
  (request, _reply, done) => {
    try {
      check(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  };

// A URL without a query has nothing in it to check (and most have none).
const checkQuery: Check = (request) => {
  if (request.url.includes('?')) assertCleanText(request.query, 'The query');
};
const checkPathAndQuery: Check = (request) => {
  assertCleanText(request.params, 'The path');
  checkQuery(request);
};
const checkAll: Check = (request) => {
  checkPathAndQuery(request);
  assertCleanText(request.body, 'The body');
};

/** The whole input rule as a preValidation hook, for handlers no route stands for (not-found). */
export const rejectUncleanInput = asHook(checkAll);
const rejectUncleanPathAndQuery = asHook(checkPathAndQuery);
const rejectUncleanQuery = asHook(checkQuery);

const asList = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * One input rule for every route, before its schema runs: no text with NUL characters or unpaired
 * surrogates in the body, the query or the path. Such text would otherwise reach PostgreSQL or the
 * payment provider and fail there as a 500 after part of the work was done. Raw bodies (the signed
 * webhook) are buffers and are checked by their route; multipart fields by the upload route.
 *
 * Each route gets the check of what it can receive, where it costs least. A route taking bodies
 * gets it before validation, as a hook of that stage. A GET or HEAD route has no body: between its
 * last onRequest hook and validation nothing runs (no preParsing hooks here, no body to read), so
 * its check (the query, and the path when it has parameters) is its last onRequest hook, and the
 * stage of hooks before validation is not run for it at all. Registered after the access guards
 * and rate limits, so it comes after theirs; the not-found handler takes `rejectUncleanInput`.
 */
export const inputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    if (asList(route.method).every((method) => BODILESS.has(method))) {
      const hasParameters = /[:*]/.test(route.url);
      route.onRequest = [
        ...asList(route.onRequest),
        hasParameters ? rejectUncleanPathAndQuery : rejectUncleanQuery,
      ];
    } else route.preValidation = [rejectUncleanInput, ...asList(route.preValidation)];
  });
});
