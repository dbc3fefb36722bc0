import type { FastifyReply } from 'fastify';
import { DiscordError, badJson } from './errors.ts';

/** Whole-request cap; single files are held to Discord's per-file limit separately. */
export const MAX_BODY = 32 * 1024 * 1024;

export interface UploadedFile {
  /** Form field name, e.g. `files[0]`. */
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface ParsedBody {
  json: Record<string, unknown>;
  files: UploadedFile[];
}

/** Objects, and arrays for the routes that take one (bulk command overwrite). */
function parseJsonObject(text: string): Record<string, unknown> {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw badJson();
  }
  if (typeof v !== 'object' || v === null) throw badJson();
  return v as Record<string, unknown>;
}

/** JSON bodies, and multipart bodies with `payload_json` and `files[n]` as Discord accepts them
 * (https://discord.com/developers/docs/reference#uploading-files). */
export async function parseBody(raw: Buffer, contentType: string | undefined): Promise<ParsedBody> {
  if (raw.length === 0) return { json: {}, files: [] };
  if (contentType?.startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await new Request('http://local/', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: raw,
      }).formData();
    } catch {
      throw new DiscordError(400, 0, '400: Bad Request');
    }
    const files: UploadedFile[] = [];
    let json: Record<string, unknown> = {};
    for (const [field, value] of form.entries()) {
      if (typeof value === 'string') {
        if (field === 'payload_json') json = parseJsonObject(value);
        continue;
      }
      files.push({
        field,
        filename: value.name || 'file',
        contentType: value.type || 'application/octet-stream',
        data: Buffer.from(await value.arrayBuffer()),
      });
    }
    return { json, files };
  }
  return { json: parseJsonObject(raw.toString('utf8')), files: [] };
}

/**
 * JSON as Discord sends it, `application/json` without a charset (Fastify adds one to text it
 * sends under a JSON type, so the text goes as bytes).
 */
export function sendJson(
  reply: FastifyReply,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): FastifyReply {
  return reply
    .status(status)
    .headers({ 'content-type': 'application/json', ...headers })
    .send(Buffer.from(JSON.stringify(body)));
}

/** An error in Discord's JSON error shape. */
export function sendError(reply: FastifyReply, err: DiscordError): FastifyReply {
  return sendJson(reply, err.status, err.toJSON());
}
