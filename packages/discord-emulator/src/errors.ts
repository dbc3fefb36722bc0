import { STATUS_CODES } from 'node:http';

/** An error answered in Discord's JSON error shape: `{ message, code, errors? }`
 * (https://discord.com/developers/docs/reference#error-messages). */
export class DiscordError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: Record<string, unknown>,
  ) {
    super(message);
  }

  toJSON() {
    return this.errors
      ? { message: this.message, code: this.code, errors: this.errors }
      : { message: this.message, code: this.code };
  }
}

export type FieldErrors = Map<string, { code: string; message: string }>;

/** Nests `a.0.b` paths into Discord's `{ a: { 0: { b: { _errors: [...] } } } }` tree. */
export function formBodyError(fields: FieldErrors): DiscordError {
  const errors: Record<string, unknown> = {};
  for (const [path, err] of fields) {
    let node = errors;
    for (const key of path.split('.')) {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    ((node._errors ??= []) as unknown[]).push(err);
  }
  return new DiscordError(400, 50035, 'Invalid Form Body', errors);
}

export const unauthorized = () => new DiscordError(401, 0, '401: Unauthorized');
export const notFound = () => new DiscordError(404, 0, '404: Not Found');
export const unknownInteraction = () => new DiscordError(404, 10062, 'Unknown interaction');
export const alreadyAcknowledged = () =>
  new DiscordError(400, 40060, 'Interaction has already been acknowledged.');
export const invalidWebhookToken = () => new DiscordError(401, 50027, 'Invalid Webhook Token');
export const unknownWebhook = () => new DiscordError(404, 10015, 'Unknown Webhook');
export const unknownMessage = () => new DiscordError(404, 10008, 'Unknown Message');
export const unknownChannel = () => new DiscordError(404, 10003, 'Unknown Channel');
export const unknownUser = () => new DiscordError(404, 10013, 'Unknown User');
export const emptyMessage = () => new DiscordError(400, 50006, 'Cannot send an empty message');
export const tooLarge = () => new DiscordError(413, 40005, 'Request entity too large');
export const badJson = () => new DiscordError(400, 50109, 'The request body contains invalid JSON.');

/** Discord's answer to a request refused for its form alone: `400: Bad Request`, code 0. */
export const refused = (status: number) =>
  status === 413
    ? tooLarge()
    : new DiscordError(status, 0, `${status}: ${STATUS_CODES[status] ?? 'Bad Request'}`);
