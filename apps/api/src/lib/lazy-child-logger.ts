import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { LogFn, Logger } from 'pino';

type Bindings = Record<string, unknown>;
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
const LOG_METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * A request's logger that becomes a pino child only when something logs through it: most requests
 * log nothing through their own logger (their access line has a logger of its own), and a pino
 * child per request (its bindings serialized, its prototype chain built) is a visible share of a
 * short request's time.
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

/** Fastify's `childLoggerFactory`: each request's logger, made a pino child on first use. */
export const lazyChildLoggers: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new LazyChildLogger(logger, bindings, options);
