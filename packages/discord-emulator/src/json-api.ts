import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UserInputError } from './commands.ts';
import { refusalStatus } from '@app/domain';
import { DiscordError } from './errors.ts';
import { MAX_BODY, sendJson } from './http.ts';

const invalidJson = () => new UserInputError('invalid_json', 'The body must be a JSON object.');

/**
 * The emulator's own JSON APIs (test control, channel page): JSON object bodies up to the
 * emulator's limit, and errors in the product's shape `{ error: { code, message } }`. Anything
 * else thrown (a body over the limit, a fault) goes on to the emulator's Discord-shaped handler.
 */
export function jsonApi(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: MAX_BODY },
    (_request, text, done) => {
      let value: unknown;
      try {
        value = JSON.parse(text as string);
      } catch {
        return done(invalidJson());
      }
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) done(null, value);
      else done(invalidJson());
    },
  );
  app.setErrorHandler((err: Error, _request, reply) => {
    if (err instanceof UserInputError)
      return sendJson(reply, err.status, { error: { code: err.code, message: err.message } });
    if (err instanceof DiscordError)
      return sendJson(reply, err.status, { error: { code: String(err.code), message: err.message } });
    // Refused outside the emulator's code (Fastify's parsing, a host's input check): its 4xx,
    // with the refusal's own words, which were written for the caller.
    const status = refusalStatus(err);
    if (status !== null)
      return sendJson(reply, status, {
        error: { code: status === 413 ? 'too_large' : 'invalid_request', message: err.message },
      });
    throw err;
  });
}

/** The JSON object sent; a body of another type (read as bytes by the emulator), or none, is refused. */
export function jsonBody(request: FastifyRequest): Record<string, unknown> {
  const { body } = request;
  if (typeof body !== 'object' || body === null || Buffer.isBuffer(body))
    throw new UserInputError(
      'unsupported_media_type',
      'Send a JSON body (content-type: application/json).',
      415,
    );
  return body as Record<string, unknown>;
}

export function str(body: Record<string, unknown>, key: string): string {
  const v = body[key];
  if (typeof v !== 'string' || !v)
    throw new UserInputError('invalid_request', `"${key}" is required (a string).`);
  return v;
}
