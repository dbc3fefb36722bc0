import { REDACTED, isSecretName, redactText, redactUrl, redactValue } from '@app/domain';
import { writeSync } from 'node:fs';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { type LogFn, type Logger, type LoggerOptions, destination, symbols } from 'pino';

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

/** The API's logger setting: off, or pino with redaction whatever options the caller gave. */
export function apiLoggerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  return redactingLogOptions(logger === true ? {} : logger);
}

/** How many characters of lines are gathered before they are handed to the destination at once. */
const BATCH_CHARS = 64 * 1024;
/** How long a line waits at most before it is handed on. */
const BATCH_MS = 250;

/**
 * Where a running server's lines go (stdout, or another open file descriptor): written
 * asynchronously, so a request never waits for the terminal or the log collector, in batches of
 * some 64 kB and at least every quarter of a second. pino's destination flushes itself
 * synchronously when the process exits however it exits (a shutdown, `process.exit`, a crash), the
 * batch being gathered included, so no line is lost.
 *
 * The lines are gathered here, in front of the destination, and handed to it a batch at a time,
 * as one buffer: the destination measures its whole buffer in bytes for each line it is given,
 * and hands each write to a thread of its own; a line at a time, these were a tenth of a short
 * request's CPU. Handed on as one string, a batch was flattened, measured, encoded for the write
 * and encoded again once written; as a buffer it is joined and encoded once. Every line passes
 * through the batch (pino's own and the access lines alike), so they keep their order.
 */
export function serverLogDestination(fd = 1): ReturnType<typeof destination> {
  const stream = destination({ dest: fd, sync: false, minLength: 1, contentMode: 'buffer' });
  // In buffer mode the destination takes buffers (its type still says strings); every line
  // reaches it through the batch below.
  const write = stream.write.bind(stream) as unknown as (bytes: Buffer) => boolean;
  const flush = stream.flush.bind(stream);
  const flushSync = stream.flushSync.bind(stream);
  const end = stream.end.bind(stream);
  let lines: string[] = [];
  let length = 0;
  /** The batch as one buffer, and a new batch begun. */
  const take = () => {
    const bytes = Buffer.from(lines.join(''));
    lines = [];
    length = 0;
    return bytes;
  };
  const handOn = () => {
    if (lines.length > 0) write(take());
  };
  stream.write = (line: string) => {
    lines.push(line);
    length += line.length;
    if (length >= BATCH_CHARS) handOn();
    return true;
  };
  stream.flush = (callback?: (error?: Error) => void) => {
    handOn();
    flush(callback);
  };
  stream.end = () => {
    handOn();
    end();
  };
  // The lines the destination holds first, then the batch: in the order they were logged, and
  // written before this returns, not handed to a thread the exiting process may not wait for.
  stream.flushSync = () => {
    flushSync();
    if (lines.length > 0) writeAllSync(fd, take());
  };
  const timer = setInterval(handOn, BATCH_MS).unref();
  stream.once('close', () => clearInterval(timer));
  return stream;
}

/** Writes all the bytes, waiting out a full non-blocking pipe as pino's destination does. */
function writeAllSync(fd: number, bytes: Buffer) {
  let at = 0;
  while (at < bytes.length) {
    try {
      at += writeSync(fd, bytes, at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
}

type Bindings = Record<string, unknown>;
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
const LOG_METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * A request's logger that becomes a pino child only when something logs through it: most requests
 * log nothing but their access line (written without it), and a child per request (its bindings
 * serialized, its prototype chain built) was a visible share of a short request's time.
 */
export class LazyChildLogger {
  #parent: FastifyBaseLogger;
  #bindings: Bindings;
  #options: ChildOptions;
  #child: FastifyBaseLogger | undefined;
  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;
  declare silent: LogFn;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  /** The pino child, made on first use. */
  logger(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings, this.#options));
  }

  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.logger().level = level;
  }

  /** Whether a line at this level would be written, found without making the child. */
  isLevelEnabled(level: string): boolean {
    const logger = (this.#child ?? this.#parent) as Partial<Logger>;
    const own = this.#child ? undefined : this.#options.level;
    if (!own) return logger.isLevelEnabled?.(level) ?? true;
    const values = logger.levels?.values ?? {};
    return (values[level] ?? Infinity) >= (values[own] ?? -Infinity);
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }
}
for (const method of LOG_METHODS) {
  LazyChildLogger.prototype[method] = function (this: LazyChildLogger, ...args: Parameters<LogFn>) {
    this.logger()[method](...args);
  };
}

/** Fastify's `childLoggerFactory`: each request's logger, made lazily. */
export const lazyChildLoggerFactory = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger => new LazyChildLogger(logger, bindings, options);

/** What a request's access line says: its method, redacted URL, route, and status or abort. */
export interface AccessLine {
  reqId: string;
  method: string;
  /** The URL as the request gave it; the writer redacts it. */
  url: string;
  route: string | undefined;
  statusCode?: number;
  durationMs?: number;
  aborted?: boolean;
}

type PinoInternals = Record<symbol, unknown>;
type LineStream = { write(line: string): unknown } & PinoInternals;
const INFO = 30;

/** A JSON member (`,"key":value`) for each of a few recurring values, built once. */
function memberCache(key: string, shape: (value: string) => string = (value) => value, limit = 1000) {
  const members = new Map<string, string>();
  return (value: string): string => {
    let member = members.get(value);
    if (member === undefined) {
      member = `,"${key}":${JSON.stringify(shape(value))}`;
      if (members.size < limit) members.set(value, member);
    }
    return member;
  };
}

const jsonNumber = (value: number) => (Number.isFinite(value) ? String(value) : 'null');

/**
 * Writes access lines straight into the logger's stream: the very line pino writes for
 * `log.child({ reqId }).info({ method, url, route, statusCode, durationMs }, 'request')` (same
 * level, time, base fields, keys and order), built from a few known fields instead of passing
 * pino's hooks, serializers and a child logger, which cost more than the rest of a short request.
 * The URL and the request id are the fields a caller may shape: they pass the text rules (the URL
 * through `redactUrl`) and are JSON-escaped; the base fields pass them once, as the line hook would
 * make them; method and route come from the router. Undefined when the
 * logger is not pino's plain JSON shape (a mixin, a nested key, a message prefix, a multistream);
 * the caller then logs through pino.
 */
export function accessLineWriter(
  logger: FastifyBaseLogger,
): ((line: AccessLine, log?: unknown) => void) | undefined {
  const pino = logger as unknown as PinoInternals;
  const stream = pino[symbols.streamSym] as LineStream | undefined;
  const levels = pino[symbols.lsCacheSym] as Record<number, string> | undefined;
  const time = pino[symbols.timeSym] as (() => string) | undefined;
  if (
    typeof stream?.write !== 'function' ||
    stream[symbols.needsMetadataGsym] ||
    typeof levels?.[INFO] !== 'string' ||
    typeof time !== 'function' ||
    pino[symbols.mixinSym] ||
    pino[symbols.nestedKeySym] ||
    (pino as { msgPrefix?: string }).msgPrefix ||
    pino[symbols.messageKeySym] !== 'msg'
  )
    return undefined;
  const level = levels[INFO];
  const method = memberCache('method');
  const route = memberCache('route');
  // A fixed route's URL without a query is its route: its member is built once per route, not
  // redacted and escaped again on every request.
  const routeUrl = memberCache('url', redactUrl);
  let bindings = '';
  let redactedBindings = '';
  return (line) => {
    const current = pino[symbols.chindingsSym] as string;
    if (current !== bindings) {
      bindings = current;
      redactedBindings = redactText(current);
    }
    const end =
      line.aborted === true
        ? ',"aborted":true'
        : `,"statusCode":${jsonNumber(line.statusCode ?? NaN)},"durationMs":${jsonNumber(line.durationMs ?? NaN)}`;
    stream.write(
      `${level}${time()}${redactedBindings},"reqId":${JSON.stringify(redactText(line.reqId))}${method(line.method)}${line.url === line.route ? routeUrl(line.url) : `,"url":${JSON.stringify(redactUrl(line.url))}`}${line.route === undefined ? '' : route(line.route)}${end},"msg":"request"}\n`,
    );
  };
}
