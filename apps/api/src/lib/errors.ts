/** The one error type of the API; the error handler turns it into `{error: {code, message}}`. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  /** Extra fields a client can act on (a price and a balance), sent beside code and message. */
  readonly details?: Record<string, unknown>;
  /** For a 429: when to try again, sent as `Retry-After`. */
  readonly retryAfterSeconds?: number;

  constructor(
    code: string,
    options: {
      status: number;
      message: string;
      cause?: unknown;
      details?: Record<string, unknown>;
      retryAfterSeconds?: number;
    },
  ) {
    super(options.message, { cause: options.cause });
    this.code = code;
    this.status = options.status;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** A 429 of a rate limit: `RATE_LIMITED`, with when to try again. */
export const rateLimited = (retryAfterSeconds: number, message?: string) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError('RATE_LIMITED', {
    status: 429,
    message: message ?? `Too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    retryAfterSeconds: seconds,
  });
};

export const notFound = (what: string) =>
  new AppError('NOT_FOUND', { status: 404, message: `${what} not found` });
export const forbidden = (message = 'You are not allowed to do that') =>
  new AppError('FORBIDDEN', { status: 403, message });
export const unauthorized = () =>
  new AppError('UNAUTHORIZED', { status: 401, message: 'Please sign in first' });
export const badRequest = (message: string, code = 'BAD_REQUEST') =>
  new AppError(code, { status: 400, message });
