import { REDACTED, isSecretName, redactText, redactUrl, redactValue } from '@app/domain';
import { writeSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import {
  type DestinationStream,
  type LogFn,
  type Logger,
  type LoggerOptions,
  destination,
  pino,
  stdTimeFunctions,
  symbols,
} from 'pino';

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

/**
 * The API's root logger for its setting, every line redacted whatever options the caller gave;
 * undefined when logging is off. Fastify gets no logger of its own (see plugins/request-end.ts): this
 * one is the app's `log`, and each request's logger is its child.
 */
export function apiLogger(setting: ApiLogSetting | undefined): Logger | undefined {
  if (!setting) return undefined;
  const { stream, ...options } = setting === true ? {} : setting;
  const redacting = redactingLogOptions({ level: 'info', ...options });
  return stream ? pino(redacting, stream) : pino(redacting);
}

/** How many bytes of lines are gathered before they are handed to the destination at once. */
const BATCH_BYTES = 64 * 1024;
/** How long a line waits at most before it is handed on. */
const BATCH_MS = 250;
/** UTF-8 takes at most three bytes for each UTF-16 unit of a string. */
const MAX_BYTES_PER_UNIT = 3;

/**
 * Where a running server's lines go (stdout, or another open file descriptor): written
 * asynchronously, so a request never waits for the terminal or the log collector, in batches of
 * some 64 kB and at least every quarter of a second. pino's destination flushes itself
 * synchronously when the process exits however it exits (a shutdown, `process.exit`, a crash), the
 * batch being gathered included, so no line is lost.
 *
 * The lines are encoded straight into the batch's buffer as they come, in front of the
 * destination, which gets a whole batch at a time: given a line at a time, it measured its whole
 * buffer in bytes for each and handed each write to a thread of its own (a tenth of a short
 * request's CPU); gathered as strings, each batch was joined, flattened and encoded once more.
 * Every line passes through the batch (pino's own and the access lines alike), so they keep their
 * order.
 */
export function serverLogDestination(fd = 1): ReturnType<typeof destination> {
  const stream = destination({ dest: fd, sync: false, minLength: 1, contentMode: 'buffer' });
  // In buffer mode the destination takes buffers (its type still says strings); every line
  // reaches it through the batch below.
  const write = stream.write.bind(stream) as unknown as (bytes: Buffer) => boolean;
  const flush = stream.flush.bind(stream);
  const flushSync = stream.flushSync.bind(stream);
  const end = stream.end.bind(stream);
  // The batch being gathered; each one handed on is the destination's until it is written.
  const batch: LineBatch = { bytes: Buffer.allocUnsafeSlow(BATCH_BYTES), length: 0 };
  /** The batch gathered so far, and a new batch begun. */
  const take = () => {
    const bytes = batch.bytes.subarray(0, batch.length);
    batch.bytes = Buffer.allocUnsafeSlow(BATCH_BYTES);
    batch.length = 0;
    return bytes;
  };
  const handOn = () => {
    if (batch.length > 0) write(take());
  };
  /** The batch, with room for `bytes` more; undefined when a line that long must go on its own. */
  const room = (bytes: number): LineBatch | undefined => {
    if (batch.length + bytes > BATCH_BYTES) {
      handOn();
      if (bytes > BATCH_BYTES) return undefined;
    }
    return batch;
  };
  stream.write = (line: string) => {
    const into = room(line.length * MAX_BYTES_PER_UNIT);
    if (into) into.length += into.bytes.write(line, into.length);
    else write(Buffer.from(line));
    return true;
  };
  (stream as unknown as LineBatchStream)[kLineBatch] = (bytes) => {
    const into = room(bytes);
    if (!into) throw new RangeError('A line longer than a batch is written as text.');
    return into;
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
    if (batch.length > 0) writeAllSync(fd, take());
  };
  const timer = setInterval(handOn, BATCH_MS).unref();
  stream.once('close', () => clearInterval(timer));
  return stream;
}

/** The batch a destination is gathering: its buffer, and how many of its bytes hold lines. */
interface LineBatch {
  bytes: Buffer;
  length: number;
}

/**
 * A destination of `serverLogDestination`'s takes a line's bytes straight into its batch: asked for
 * room for so many bytes, it answers the batch; the caller writes from `length` on and moves it.
 */
const kLineBatch = Symbol('line batch');
type LineBatchStream = { [kLineBatch]: (bytes: number) => LineBatch };

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

/** At most this many routes' pieces are kept (a route is a pattern, so there are few). */
const PIECE_LIMIT = 1000;

const jsonNumber = (value: number) => (Number.isFinite(value) ? String(value) : 'null');

/**
 * An id none of the text rules can match, nor JSON escape: letters, digits and dashes, shorter than
 * any token (Fastify's own `req-1a2b` ids are). Any other id is redacted and escaped.
 */
const PLAIN_ID = /^[A-Za-z0-9-]{0,14}$/;

/**
 * Writes access lines straight into the logger's stream: the very line pino writes for
 * `log.child({ reqId }).info({ method, url, route, statusCode, durationMs }, 'request')` (same
 * level, time, base fields, keys and order), built from a few known fields instead of passing
 * pino's hooks, serializers and a child logger, which cost more than the rest of a short request.
 * The URL and the request id are the fields a caller may shape: they pass the text rules (the URL
 * through `redactUrl`) and are JSON-escaped; the base fields pass them once, as the line hook would
 * make them; method and route come from the router. What recurs is built once: the line's start
 * (until the bindings change), its time within a millisecond, and for each route and method its
 * method, route and (a fixed route's URL without a query being its route) URL. Into the server's
 * own destination (`serverLogDestination`) the line goes as bytes, those pieces copied into its
 * batch as they are and the numbers written digit by digit: made as one string, the line was
 * joined, flattened and encoded again for every request. Undefined when the logger is not pino's
 * plain JSON shape (a mixin, a nested key, a message prefix, a multistream); the caller then logs
 * through pino.
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
  // pino's default time (epoch milliseconds) is written once per millisecond; any other, each line.
  const epochTime = time === stdTimeFunctions.epochTime;
  let millisecond = NaN;
  let timePart = '';
  const timeOf = () => {
    if (!epochTime) return time();
    const now = Date.now();
    if (now !== millisecond) {
      millisecond = now;
      timePart = `,"time":${now}`;
    }
    return timePart;
  };
  /** The members after the request id for a route answered at its own path, by route and method. */
  const fixed = new Map<string, Record<string, Piece>>();
  /** The method member for a route asked for at another URL (or none), by route and method. */
  const routed = new Map<string, Record<string, Piece>>();
  /** The route member for a route asked for at another URL. */
  const routeMembers = new Map<string, Record<string, Piece>>();
  const piece = (
    pieces: Map<string, Record<string, Piece>>,
    route: string,
    method: string,
    build: () => string,
  ): Piece => {
    let byMethod = pieces.get(route);
    if (byMethod === undefined) {
      byMethod = Object.create(null) as Record<string, Piece>;
      if (pieces.size < PIECE_LIMIT) pieces.set(route, byMethod);
    }
    return (byMethod[method] ??= new Piece(build()));
  };
  const methodMember = (method: string) => `,"method":${JSON.stringify(method)}`;
  const urlMember = (url: string) => `,"url":${JSON.stringify(redactUrl(url))}`;
  const routeMember = (route: string | undefined) =>
    route === undefined ? '' : `,"route":${JSON.stringify(route)}`;
  let bindings = '';
  let start = new Piece('');
  /** The line's start up to the request id's value: level, time, base fields. */
  const startOf = () => {
    const current = pino[symbols.chindingsSym] as string;
    if (current !== bindings) {
      bindings = current;
      start = new Piece(`${redactText(current)},"reqId":`);
    }
    return start;
  };
  /**
   * The URL member of the URL a route was last asked for at, when not at its own pattern: a route
   * without parameters is asked for at the same few URLs (its pattern with a trailing slash, say).
   */
  const lastUrls = new Map<string, UrlPiece>();
  const urlPiece = (route: string, url: string): Piece => {
    const last = lastUrls.get(route);
    if (last?.url === url) return last;
    const made = new UrlPiece(url, urlMember(url));
    if (last !== undefined || lastUrls.size < PIECE_LIMIT) lastUrls.set(route, made);
    return made;
  };
  /**
   * The members between the request id and the end: method, URL, route (as pieces, the URL of an
   * unmatched request as its member's text).
   */
  const membersOf = ({ method, url, route }: AccessLine): [Piece, Piece | string, Piece | undefined] =>
    route === undefined
      ? [piece(routed, '', method, () => methodMember(method)), urlMember(url), undefined]
      : url === route
        ? [
            piece(
              fixed,
              route,
              method,
              () => `${methodMember(method)}${urlMember(url)}${routeMember(route)}`,
            ),
            '',
            undefined,
          ]
        : [
            piece(routed, route, method, () => methodMember(method)),
            urlPiece(route, url),
            piece(routeMembers, route, '', () => routeMember(route)),
          ];
  const idOf = (reqId: string) => (PLAIN_ID.test(reqId) ? `"${reqId}"` : JSON.stringify(redactText(reqId)));

  const textLine = (line: AccessLine) => {
    const [members, url, route] = membersOf(line);
    const end =
      line.aborted === true
        ? ABORTED_END
        : `,"statusCode":${jsonNumber(line.statusCode ?? NaN)},"durationMs":${jsonNumber(line.durationMs ?? NaN)}`;
    const urlText = typeof url === 'string' ? url : url.text;
    stream.write(
      `${level}${timeOf()}${startOf().text}${idOf(line.reqId)}${members.text}${urlText}${route?.text ?? ''}${end}${LINE_END}`,
    );
  };
  const batchOf = (stream as Partial<LineBatchStream>)[kLineBatch];
  if (batchOf === undefined || !epochTime) return textLine;

  // The line's head (level, time, base fields, up to the request id's value), as bytes: made again
  // when the millisecond or the bindings change.
  let headMillisecond = NaN;
  let headStart: Piece | undefined;
  let head = new Piece('');
  const headOf = () => {
    const now = Date.now();
    const lineStart = startOf();
    if (now !== headMillisecond || lineStart !== headStart) {
      headMillisecond = now;
      headStart = lineStart;
      head = new Piece(`${level},"time":${now}${lineStart.text}`);
    }
    return head;
  };
  return (line) => {
    const lineHead = headOf();
    const [members, url, route] = membersOf(line);
    const { reqId } = line;
    const room =
      lineHead.bytes.length +
      MAX_BYTES_PER_UNIT * (reqId.length + (typeof url === 'string' ? url.length : 0)) +
      (typeof url === 'string' ? 0 : url.bytes.length) +
      members.bytes.length +
      (route?.bytes.length ?? 0) +
      END_ROOM;
    // A line longer than a batch (a URL of tens of kilobytes) goes on its own, as text.
    if (room > BATCH_BYTES) return textLine(line);
    const batch = batchOf.call(stream, room);
    const bytes = batch.bytes;
    let at = lineHead.copy(bytes, batch.length);
    const plainEnd = writePlainId(bytes, at, reqId);
    at = plainEnd < 0 ? at + bytes.write(idOf(reqId), at) : plainEnd;
    at = members.copy(bytes, at);
    if (typeof url !== 'string') at = url.copy(bytes, at);
    else if (url !== '') at += bytes.write(url, at);
    if (route !== undefined) at = route.copy(bytes, at);
    if (line.aborted === true) at = ABORTED_END_PIECE.copy(bytes, at);
    else {
      at = STATUS_PIECE.copy(bytes, at);
      at = writeJsonNumber(bytes, at, line.statusCode ?? NaN);
      at = DURATION_PIECE.copy(bytes, at);
      at = writeJsonNumber(bytes, at, line.durationMs ?? NaN);
    }
    batch.length = LINE_END_PIECE.copy(bytes, at);
  };
}

/** A piece of a line that recurs: its text, and its bytes to copy. */
class Piece {
  readonly bytes: Buffer;
  constructor(readonly text: string) {
    this.bytes = Buffer.from(text);
  }

  /** Copies the bytes into `into` at `at`; answers where they end. */
  copy(into: Buffer, at: number): number {
    into.set(this.bytes, at);
    return at + this.bytes.length;
  }
}

/** The URL member of one URL, kept with the URL. */
class UrlPiece extends Piece {
  constructor(
    readonly url: string,
    text: string,
  ) {
    super(text);
  }
}

const QUOTE = 0x22;
const ABORTED_END = ',"aborted":true';
const LINE_END = ',"msg":"request"}\n';
const ABORTED_END_PIECE = new Piece(ABORTED_END);
const STATUS_PIECE = new Piece(',"statusCode":');
const DURATION_PIECE = new Piece(',"durationMs":');
const LINE_END_PIECE = new Piece(LINE_END);
/** Room for the end of a line: its status, duration (each a JSON number) and message. */
const END_ROOM = 128;

/** The largest whole number written digit by digit. */
const DIGITS_LIMIT = 2 ** 31;

/**
 * Writes a number as JSON (and pino) write it: digit by digit for a whole number or one of tenths
 * (a status, a duration rounded to a tenth of a millisecond), which `String` would make a string of
 * first (for a fraction, slowly); any other as `String` does.
 */
export function writeJsonNumber(into: Buffer, at: number, value: number): number {
  const tenths = Math.round(value * 10);
  if (!(tenths >= 0 && tenths < DIGITS_LIMIT && tenths / 10 === value))
    return writeAscii(into, at, jsonNumber(value));
  const digit = tenths % 10;
  at = writeWhole(into, at, (tenths - digit) / 10);
  if (digit === 0) return at;
  into[at] = DOT;
  into[at + 1] = ZERO + digit;
  return at + 2;
}

/** Writes a whole number below `DIGITS_LIMIT` in decimal. */
function writeWhole(into: Buffer, at: number, whole: number): number {
  let length = 1;
  for (let rest = whole; rest >= 10; rest = (rest - (rest % 10)) / 10) length++;
  for (let index = at + length - 1, rest = whole; index >= at; index--) {
    const digit = rest % 10;
    into[index] = ZERO + digit;
    rest = (rest - digit) / 10;
  }
  return at + length;
}

const DOT = 0x2e;
const ZERO = 0x30;

/**
 * Writes a request id of the plain shape (`PLAIN_ID`: letters, digits and dashes, short) as a JSON
 * string, checking each character as it goes; answers where it ends, or -1 when the id is not
 * plain (what it wrote is then written over).
 */
function writePlainId(into: Buffer, at: number, id: string): number {
  if (id.length > PLAIN_ID_MAX) return -1;
  into[at] = QUOTE;
  for (let index = 0; index < id.length; index++) {
    const code = id.charCodeAt(index);
    if (!(
      code === DASH ||
      (code >= ZERO && code <= NINE) ||
      ((code | 0x20) >= LOWER_A && (code | 0x20) <= LOWER_Z)
    ))
      return -1;
    into[at + 1 + index] = code;
  }
  into[at + 1 + id.length] = QUOTE;
  return at + id.length + 2;
}

const DASH = 0x2d;
const NINE = 0x39;
const LOWER_A = 0x61;
const LOWER_Z = 0x7a;
/** The longest plain id (as `PLAIN_ID` says). */
const PLAIN_ID_MAX = 14;

/** Writes text known to be ASCII (numbers, JSON punctuation, plain ids) byte by byte. */
function writeAscii(into: Buffer, at: number, text: string): number {
  for (let index = 0; index < text.length; index++) into[at + index] = text.charCodeAt(index);
  return at + text.length;
}
