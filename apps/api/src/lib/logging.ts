import { REDACTED, isSecretName, redactText, redactUrl, redactValue } from '@app/domain';
import { type DestinationStream, type Logger, type LoggerOptions, destination, pino } from 'pino';

type LogArguments = unknown[];

const isErrorLike = (value: unknown): value is Error =>
  value instanceof Error ||
  (typeof value === 'object' &&
    value !== null &&
    typeof (value as Error).message === 'string' &&
    'stack' in value);

/**
 * The merging object of a log call, secrets out. `req` and `res` are left to their serializers
 * (which keep only the method, the redacted URL and the status); everything else is redacted here,
 * before pino reads it, so the message pino takes from an error is the redacted one too.
 */
function redactMergeObject(object: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(object)) {
    const value = object[key];
    if (key === 'req' || key === 'res') out[key] = value;
    else
      out[key] = isSecretName(key) && value !== undefined && value !== null ? REDACTED : redactValue(value);
  }
  return out;
}

/** A log call's arguments with every secret out: the object, the message and any format values. */
export function redactLogArguments(args: LogArguments): LogArguments {
  const [first, ...rest] = args;
  if (isErrorLike(first)) {
    const err = redactValue(first) as { message: string };
    // pino would take the error's own (unredacted) message when no message is given.
    return [{ err }, ...(rest.length > 0 ? rest.map(redactArgument) : [err.message])];
  }
  if (typeof first === 'object' && first !== null)
    return [redactMergeObject(first as Record<string, unknown>), ...rest.map(redactArgument)];
  return args.map(redactArgument);
}

function redactArgument(value: unknown): unknown {
  return typeof value === 'string' ? redactText(value) : redactValue(value);
}

interface RequestLike {
  method?: string;
  url?: string;
  originalUrl?: string;
  routeOptions?: { url?: string };
}

/** What a log line says about a request: method, redacted URL, route. Headers never. */
export function serializeRequest(request: RequestLike) {
  return {
    method: request.method,
    url: redactUrl(request.originalUrl ?? request.url ?? ''),
    route: request.routeOptions?.url,
  };
}

/** What a log line says about a reply: its status. */
export function serializeReply(reply: { statusCode?: number }) {
  return { statusCode: reply.statusCode };
}

/**
 * pino options that keep secrets out of every line: each call's arguments are redacted (fields
 * under secret names whole, secrets in strings in place, errors made plain objects), requests and
 * replies are reduced to method, redacted URL and status, and each finished line passes the text
 * rules once more, so nothing a child logger's bindings or a library's own call carries gets through.
 */
export function redactingLogOptions(options: LoggerOptions = {}): LoggerOptions {
  return {
    ...options,
    serializers: {
      ...options.serializers,
      req: serializeRequest,
      res: serializeReply,
      err: (error: unknown) => (isErrorLike(error) ? redactValue(error) : error),
    },
    hooks: {
      ...options.hooks,
      logMethod(args, method) {
        method.apply(this, redactLogArguments(args) as Parameters<typeof method>);
      },
      streamWrite: (line) => redactText(line),
    },
  };
}

/** How the API logs: not at all, pino's defaults to stdout, or pino's options with a stream. */
export type ApiLogSetting = boolean | (LoggerOptions & { stream?: DestinationStream });

/** The API's loggers: its own (Fastify's, every line redacted) and the one of its access lines. */
export interface ApiLogging {
  log: Logger;
  access: Logger;
}

/**
 * The API's loggers for its setting; undefined when logging is off. `log` is Fastify's logger
 * (`loggerInstance`): each request's logger is the child Fastify makes of it, and every line it
 * writes passes the redaction whatever options the caller gave. `access` writes the access lines
 * (plugins/access-log.ts) into the same stream, with the same options but without the redaction
 * hooks: an access line holds only fields that are secret-free as they are built (the method and
 * route from the router, the status, the duration, the request id) and the URL with its secrets
 * taken out (`redactUrl`), so passing it through the redaction again would only cost.
 */
export function apiLogging(setting: ApiLogSetting | undefined): ApiLogging | undefined {
  if (!setting) return undefined;
  const { stream = destination(1), ...options } = setting === true ? {} : setting;
  const settled: LoggerOptions = { level: 'info', ...options };
  return { log: pino(redactingLogOptions(settled), stream), access: pino(settled, stream) };
}

/** The most a line waits in the destination's buffer before it is written. */
const FLUSH_MS = 250;
/** How many bytes of lines the destination gathers before it writes them at once, and at most. */
const BATCH_BYTES = 32 * 1024;
const MAX_WRITE = 64 * 1024;

/**
 * Where a running server's lines go (stdout, or another open file descriptor): pino's own
 * asynchronous destination, so a request never waits for the terminal or the log collector. Lines
 * are gathered into writes of 32 to 64 kB, and written at least every quarter of a second. pino
 * flushes an asynchronous destination synchronously when the process exits (a shutdown,
 * `process.exit`, a crash), so no line is lost. The destination gathers bytes: each line is
 * encoded once as it comes (gathering text, it would measure its whole pending text in bytes again
 * for every line).
 */
export function serverLogDestination(fd = 1): ReturnType<typeof destination> {
  const stream = destination({
    dest: fd,
    sync: false,
    minLength: BATCH_BYTES,
    maxWrite: MAX_WRITE,
    periodicFlush: FLUSH_MS,
    contentMode: 'buffer',
  });
  // In buffer mode the destination takes buffers (its type still says text); pino gives it text.
  const writeBytes = stream.write.bind(stream) as unknown as (bytes: Buffer) => boolean;
  stream.write = (line: string) => writeBytes(Buffer.from(line));
  return stream;
}
