import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import pRetry from 'p-retry';
import { ProviderError } from '../../types.ts';

/**
 * HTTP calls to a generation backend (A1111 or ComfyUI), with every failure turned into a
 * `ProviderError` whose message a user can read. The whole body is read inside the call, so a
 * backend that drops the connection half-way through an answer is reported like any other outage.
 */

export interface BackendCall {
  method?: 'GET' | 'POST' | 'DELETE';
  json?: unknown;
  form?: FormData;
  timeoutMs: number;
  /** The job's signal: aborting it is a cancellation, not an outage. */
  signal?: AbortSignal;
  /** How the user hears of the backend: "image service". */
  label: string;
  /**
   * Further tries of a read (GET) that failed in a way worth trying again (default 2); writes are
   * never repeated here, the job's own retry decides about them.
   */
  retries?: number;
  /**
   * The host has answered (a 2xx status and its headers are in: its work for this call is done,
   * the rest is transfer): told before the body is read, and the reading waits a turn, so what
   * this frees (the host's next request) goes out first.
   */
  onAnswer?: () => void;
}

/** The pause before a read's second try; each later one waits three times longer. */
export const READ_RETRY_MIN_MS = 250;

/**
 * A read repeated through a short blip (a dropped connection, a 502 from a proxy, a half-written
 * answer) instead of failing the job: a lost poll of a ComfyUI history would otherwise run a
 * finished render again. Cancellation and refusals (4xx) end it at once.
 */
function withReadRetries<T>(call: BackendCall, attempt: () => Promise<T>): Promise<T> {
  const method = call.method ?? (call.json !== undefined || call.form ? 'POST' : 'GET');
  const retries = call.retries ?? 2;
  if (method !== 'GET' || retries <= 0) return attempt();
  return pRetry(attempt, {
    retries,
    minTimeout: READ_RETRY_MIN_MS,
    factor: 3,
    signal: call.signal,
    shouldRetry: ({ error }) => error instanceof ProviderError && error.retryable && !call.signal?.aborted,
  }).catch((error: unknown) => {
    throw toProviderError(error, call.label, call.signal);
  });
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function cancelledError(cause?: unknown): ProviderError {
  return new ProviderError('CANCELLED', 'The job was cancelled.', { retryable: false, cause });
}

/** Maps a thrown fetch error or a bad status to the error the worker acts on. */
export function toProviderError(error: unknown, label: string, signal?: AbortSignal): ProviderError {
  if (error instanceof ProviderError) return error;
  if (signal?.aborted) return cancelledError(error);
  const name = (error as { name?: string } | null)?.name;
  if (name === 'TimeoutError') {
    return new ProviderError(
      'BACKEND_TIMEOUT',
      `The ${label} took too long to answer; try again in a moment.`,
      {
        retryable: true,
        cause: error,
      },
    );
  }
  const code = causeCode(error);
  if (code && UNREACHABLE.has(code)) {
    return new ProviderError(
      'BACKEND_UNREACHABLE',
      `The ${label} is busy or not reachable right now; try again in a moment.`,
      {
        retryable: true,
        cause: error,
      },
    );
  }
  return new ProviderError(
    'BACKEND_DROPPED',
    `The ${label} stopped answering in the middle of the job; it will be tried again.`,
    { retryable: true, cause: error },
  );
}

/**
 * A 2xx answer the worker cannot use: a body that is not JSON, JSON of the wrong shape, or media
 * that does not decode. It says the host is unwell, not that the request was bad, so the host
 * leaves rotation and the job runs elsewhere, like after a 5xx.
 */
export function badAnswerError(label: string, detail: string, cause?: unknown): ProviderError {
  return new ProviderError('BACKEND_BAD_ANSWER', `The ${label} sent an answer we could not read.`, {
    retryable: true,
    cause: cause ?? new Error(detail),
  });
}

/** A plain JSON object (not null, not an array): the shape every backend answer we read has. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function statusError(status: number, detail: string, label: string): ProviderError {
  const cause = new Error(`HTTP ${status}: ${detail.slice(0, 500)}`);
  if (status >= 500 || status === 408 || status === 429) {
    return new ProviderError('BACKEND_BUSY', `The ${label} is busy; try again in a moment.`, {
      retryable: true,
      cause,
    });
  }
  return new ProviderError('BACKEND_REJECTED', `The ${label} could not take this request.`, {
    retryable: false,
    cause,
  });
}

/**
 * fetch refuses URLs with credentials, yet `http://user:pass@host` is how a backend started with
 * `--api-auth` (A1111) or behind a basic-auth proxy is configured; move them into a header.
 */
function withCredentials(target: string): { url: string; headers: Record<string, string> } {
  const url = new URL(target);
  if (!url.username && !url.password) return { url: target, headers: {} };
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  const token = Buffer.from(`${user}:${password}`).toString('base64');
  return { url: url.href, headers: { authorization: `Basic ${token}` } };
}

async function send(target: string, call: BackendCall): Promise<Response> {
  const signals = [AbortSignal.timeout(call.timeoutMs)];
  if (call.signal) signals.push(call.signal);
  const { url, headers } = withCredentials(target);
  let body: string | FormData | undefined;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  } else if (call.form) {
    body = call.form;
  }
  const response = await fetch(url, {
    method: call.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    signal: AbortSignal.any(signals),
  });
  if (!response.ok) throw statusError(response.status, await response.text().catch(() => ''), call.label);
  return response;
}

const asError = (value: unknown): Error => (value instanceof Error ? value : new Error(String(value)));

/** Connections kept open to each backend between calls: a host's next request needs no handshake. */
const AGENTS = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/**
 * A JSON call (or one without a body) over Node's own HTTP client, for the calls on a job's path to its host (a generation,
 * its progress): fetch spends about half a millisecond more on each, and with sub-second models
 * every call stands between two jobs on a GPU. The same contract as `send`: the whole call, body
 * included, is bounded by the timeout and the job's signal, and rejects as fetch would (with the
 * signal's reason, or the socket's error); a non-2xx answer is a `statusError`.
 */
function sendJson(target: string, call: BackendCall): Promise<{ status: number; text(): Promise<string> }> {
  const timeout = AbortSignal.timeout(call.timeoutMs);
  const signal = call.signal ? AbortSignal.any([timeout, call.signal]) : timeout;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  const { url, headers } = withCredentials(target);
  const parsed = new URL(url);
  const transport = parsed.protocol === 'https:' ? https : http;
  const body = call.json === undefined ? undefined : JSON.stringify(call.json);
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    let response: IncomingMessage | undefined;
    let fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(asError(error));
    };
    const onAbort = () => {
      request.destroy();
      response?.destroy();
      fail(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const done = () => signal.removeEventListener('abort', onAbort);
    const request = transport.request(
      parsed,
      {
        method: call.method ?? (body !== undefined ? 'POST' : 'GET'),
        headers,
        agent: AGENTS[parsed.protocol as keyof typeof AGENTS],
      },
      (answer) => {
        response = answer;
        const chunks: Buffer[] = [];
        let ended = false;
        let later: { resolve(text: string): void; reject(error: unknown): void } | undefined;
        let error: unknown;
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          ended = true;
          done();
          later?.resolve(Buffer.concat(chunks).toString('utf8'));
        });
        const cut = (cause?: unknown) => {
          if (ended) return;
          error = new Error('The answer was cut short', { cause });
          done();
          if (later) later.reject(asError(signal.aborted ? signal.reason : error));
          else fail(error);
        };
        answer.on('error', cut);
        answer.on('close', () => cut());
        const text = () =>
          new Promise<string>((resolveText, rejectText) => {
            if (ended) return resolveText(Buffer.concat(chunks).toString('utf8'));
            if (error) return rejectText(asError(signal.aborted ? signal.reason : error));
            later = { resolve: resolveText, reject: rejectText };
          });
        const status = answer.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          void text()
            .catch(() => '')
            .then((detail) => fail(statusError(status, detail, call.label)));
          return;
        }
        settled = true;
        // Failures while the body is read reach `text()` from here on.
        fail = () => {};
        resolve({ status, text });
      },
    );
    request.on('error', (error) => {
      done();
      fail(error);
    });
    request.end(body);
  });
}

export function requestJson<T>(url: string, call: BackendCall): Promise<T> {
  return withReadRetries(call, async () => {
    try {
      // A form (a file upload) goes through fetch, which builds its multipart body.
      const response = call.form ? await send(url, call) : await sendJson(url, call);
      if (call.onAnswer) {
        call.onAnswer();
        await new Promise((resolve) => setImmediate(resolve));
      }
      const text = await response.text();
      try {
        return (text ? JSON.parse(text) : null) as T;
      } catch (error) {
        throw badAnswerError(call.label, `not JSON: ${text.slice(0, 200)}`, error);
      }
    } catch (error) {
      throw toProviderError(error, call.label, call.signal);
    }
  });
}

export function requestBytes(url: string, call: BackendCall): Promise<{ bytes: Buffer; type: string }> {
  return withReadRetries(call, async () => {
    try {
      const response = await send(url, call);
      const bytes = Buffer.from(await response.arrayBuffer());
      return { bytes, type: response.headers.get('content-type') ?? '' };
    } catch (error) {
      throw toProviderError(error, call.label, call.signal);
    }
  });
}

/**
 * True when `url` answers a GET with a 2xx within `timeoutMs` and, given `accept`, with JSON that
 * `accept` finds sound: a host is judged by what it answers, not only by its status.
 */
export async function answers(
  target: string,
  timeoutMs = 3_000,
  accept?: (body: unknown) => boolean,
): Promise<boolean> {
  try {
    const { url, headers } = withCredentials(target);
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    if (!response.ok) return false;
    return accept ? accept(JSON.parse(text)) : true;
  } catch {
    return false;
  }
}
