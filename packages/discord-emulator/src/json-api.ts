import type { IncomingMessage, ServerResponse } from 'node:http';
import { UserInputError } from './commands.ts';
import { DiscordError } from './errors.ts';
import { sendJson } from './http.ts';

/** Errors of the emulator's own JSON APIs (test control, channel page) use the product's shape. */
export function sendUserError(res: ServerResponse, err: unknown): void {
  if (err instanceof UserInputError)
    return sendJson(res, err.status, { error: { code: err.code, message: err.message } });
  if (err instanceof DiscordError)
    return sendJson(res, err.status, { error: { code: String(err.code), message: err.message } });
  throw err;
}

export async function readJson(raw: Buffer, req: IncomingMessage): Promise<Record<string, unknown>> {
  if (!(req.headers['content-type'] ?? '').includes('application/json'))
    throw new UserInputError(
      'unsupported_media_type',
      'Send a JSON body (content-type: application/json).',
      415,
    );
  try {
    const v = JSON.parse(raw.toString('utf8')) as unknown;
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    /* answered below */
  }
  throw new UserInputError('invalid_json', 'The body must be a JSON object.');
}

export function str(body: Record<string, unknown>, key: string): string {
  const v = body[key];
  if (typeof v !== 'string' || !v)
    throw new UserInputError('invalid_request', `"${key}" is required (a string).`);
  return v;
}
