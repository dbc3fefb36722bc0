import fc from 'fast-check';
import {
  badAuthorization,
  badContentType,
  badPathSegment,
  badQuery,
  badRawBody,
  badValue,
  encodePart,
  formEncode,
} from './inputs.ts';

/** A route as the server registered it (Fastify's `onRoute`): `:name` parameters, `*` wildcards. */
export interface FuzzRoute {
  method: string | string[];
  url: string;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

export interface FuzzAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** What a well-formed call to one route carries; the fuzzer breaks one part of it at a time. */
export interface ValidCall {
  /** Path parameters by name; a wildcard is `*`. */
  params: Record<string, string>;
  /** Body fields (query fields for GET and DELETE). */
  fields: Record<string, unknown>;
  /** More fields the route reads, left out of the valid call; each is sent alone with a bad value. */
  optional?: readonly string[];
  /** Credentials and anything else a valid call sends (not content-type). */
  headers: Record<string, string>;
  encoding: 'json' | 'form';
}

export interface FuzzTarget {
  /**
   * Where the emulator is mounted. A call whose path leaves it (`..` resolved by the client) is
   * answered by the host server: still no 5xx, but not in the emulator's shapes.
   */
  prefix: string;
  /** Every route the server registered; HEAD routes are left out (Fastify answers them from GET). */
  routes: readonly FuzzRoute[];
  send(request: FuzzRequest): Promise<FuzzAnswer>;
  valid(method: string, route: FuzzRoute): ValidCall;
  /** Why an answer is not in the shape the emulated API gives for this route, or null. */
  judge(method: string, route: FuzzRoute, answer: FuzzAnswer): string | null;
}

export interface FuzzOptions {
  seed: number;
  /** Calls per route and place (each place is one thing broken). */
  runs: number;
  /** Size of the one oversize body sent to each route that takes a body. */
  hugeBytes: number;
}

export interface FuzzReport {
  sent: number;
  /** Answers with a 5xx status. */
  serverErrors: number;
  problems: string[];
}

/** Text in an error answer that tells of the emulator's insides: stack frames, source paths, JS errors. */
const INTERNALS =
  /\bat [\w.<>]+ \(|node_modules|\/src\/[\w/-]+\.ts|\.ts:\d+|(?:Type|Reference|Syntax|Range)Error\b|Cannot read propert|is not a function|undefined is not/;

type Place =
  | { kind: 'path'; name: string }
  | { kind: 'field'; name: string }
  | { kind: 'query' | 'missing' | 'proto' | 'raw' | 'content-type' | 'auth' | 'huge' };

const BODILESS = new Set(['GET', 'DELETE', 'HEAD', 'OPTIONS']);

function paramNames(url: string): string[] {
  const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  return url.endsWith('*') ? [...names, '*'] : names;
}

function placesFor(method: string, route: FuzzRoute, call: ValidCall): Place[] {
  const withBody = !BODILESS.has(method);
  return [
    ...paramNames(route.url).map((name) => ({ kind: 'path', name }) as const),
    ...[...Object.keys(call.fields), ...(call.optional ?? [])].map(
      (name) => ({ kind: 'field', name }) as const,
    ),
    { kind: 'query' },
    { kind: 'auth' },
    ...(withBody
      ? ([{ kind: 'missing' }, { kind: 'proto' }, { kind: 'raw' }, { kind: 'content-type' }] as const)
      : []),
  ];
}

/** A stable number for a text, so each route and place has its own seed whatever else is registered. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The route's URL with each parameter (and its pattern, `:id(^\\d+$)`) replaced by its value. */
function urlFor(route: FuzzRoute, params: Record<string, string>, query: string): string {
  let path = '';
  const url = route.url;
  for (let i = 0; i < url.length; i++) {
    const name = url[i] === ':' ? /^\w+/.exec(url.slice(i + 1))?.[0] : undefined;
    if (name) {
      i += name.length;
      if (url[i + 1] === '(') {
        // Skip the pattern, its own parentheses included.
        let depth = 0;
        do {
          i++;
          if (url[i] === '\\') i++;
          else if (url[i] === '(') depth++;
          else if (url[i] === ')') depth--;
        } while (depth > 0 && i < url.length);
      }
      path += params[name] ?? '1';
    } else if (url[i] === '*' && i === url.length - 1) path += params['*'] ?? 'x';
    else path += url[i];
  }
  return query ? `${path}?${query}` : path;
}

function encodeBody(fields: Record<string, unknown>, encoding: 'json' | 'form'): string {
  return encoding === 'json' ? JSON.stringify(fields) : formEncode(fields);
}

const CONTENT_TYPE = { json: 'application/json', form: 'application/x-www-form-urlencoded' };

/** One call with one thing broken at `place`; `sample` is the arbitrary's value for it. */
function callFor(
  method: string,
  route: FuzzRoute,
  call: ValidCall,
  place: Place,
  sample: unknown,
): FuzzRequest {
  const withBody = !BODILESS.has(method);
  const params = Object.fromEntries(
    Object.entries(call.params).map(([name, value]) => [name, encodePart(value)]),
  );
  let fields: Record<string, unknown> = { ...call.fields };
  const headers: Record<string, string> = { ...call.headers };
  let query = '';
  let payload: string | Buffer | undefined;
  let contentType: string | undefined = CONTENT_TYPE[call.encoding];
  switch (place.kind) {
    case 'path':
      params[place.name] = sample as string;
      break;
    case 'field':
      fields[place.name] = sample;
      break;
    case 'query':
      query = sample as string;
      break;
    case 'missing':
      fields = {};
      break;
    case 'auth':
      delete headers.authorization;
      delete headers.cookie;
      if (sample !== undefined) headers.authorization = sample as string;
      break;
    case 'proto':
      payload = `{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}},${encodeBody(fields, 'json').slice(1)}`;
      if (call.encoding === 'form')
        payload = `__proto__[admin]=1&constructor[prototype][admin]=1&${encodeBody(fields, 'form')}`;
      break;
    case 'raw':
      payload = sample as string | Buffer;
      break;
    case 'content-type':
      contentType = sample as string;
      break;
    case 'huge':
      payload = encodeBody({ ...fields, [Object.keys(fields)[0] ?? 'content']: sample }, call.encoding);
      break;
  }
  if (withBody) {
    payload ??= encodeBody(fields, call.encoding);
    if (contentType) headers['content-type'] = contentType;
  } else if (place.kind !== 'query') {
    query = formEncode(fields);
  }
  return { method, url: urlFor(route, params, query), headers, ...(withBody && { payload }) };
}

function arbitraryFor(place: Place, call: ValidCall, hugeBytes: number): fc.Arbitrary<unknown> {
  switch (place.kind) {
    case 'path':
      return badPathSegment;
    case 'field':
      return badValue;
    case 'query':
      return badQuery([...Object.keys(call.fields), ...(call.optional ?? [])]);
    case 'raw':
      return badRawBody;
    case 'content-type':
      return badContentType;
    case 'auth':
      return badAuthorization;
    case 'huge':
      return fc.constant('x'.repeat(hugeBytes));
    default:
      return fc.constant(null);
  }
}

/**
 * Addresses next to the registered ones that no route serves (`/channels/:unrouted` beside
 * `/channels/:channel/messages`): the not-found handlers of each part of the server meet the same
 * inputs as its routes.
 */
function unroutedProbes(prefix: string, routes: readonly FuzzRoute[]): FuzzRoute[] {
  const bases = new Set(routes.map((route) => route.url.split(/[:*]/)[0]!.replace(/\/[^/]*$/, '')));
  return [...bases]
    .filter((base) => base.startsWith(prefix))
    .map((base) => ({ method: ['GET', 'POST'], url: `${base}/:unrouted` }));
}

const within = (prefix: string, url: string) => {
  const path = new URL(url, 'http://fuzz.local').pathname;
  return path === prefix || path.startsWith(`${prefix}/`);
};

const describe = (request: FuzzRequest) =>
  `${request.method} ${request.url.slice(0, 120)} ${String(request.payload ?? '').slice(0, 120)}`;

/**
 * Sends each route of the target, for each method, calls that are valid but for one thing: a path
 * parameter, a body or query field, the query, the credentials, the body as a whole, its content
 * type, or its size. No answer may be a 5xx; every refusal must have the emulated API's error
 * shape and tell nothing of the emulator's insides. Deterministic: each route and place draws from
 * its own seed.
 */
export async function fuzzRoutes(target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const report: FuzzReport = { sent: 0, serverErrors: 0, problems: [] };
  // Deletions last, so the records other routes are aimed at are still there for them.
  const calls = [...target.routes, ...unroutedProbes(target.prefix, target.routes)]
    .flatMap((route) => [route.method].flat().map((method) => [method, route] as const))
    .filter(([method]) => method !== 'HEAD')
    .sort(([a], [b]) => Number(a === 'DELETE') - Number(b === 'DELETE'));
  for (const [method, route] of calls) {
    const call = target.valid(method, route);
    const places = placesFor(method, route, call);
    const runs: [Place, unknown][] = places.flatMap((place) =>
      fc
        .sample(arbitraryFor(place, call, options.hugeBytes), {
          seed: hash(`${options.seed} ${method} ${route.url} ${JSON.stringify(place)}`) | 0,
          numRuns: options.runs,
        })
        .map((sample) => [place, sample] as [Place, unknown]),
    );
    if (!BODILESS.has(method)) runs.push([{ kind: 'huge' }, 'x'.repeat(options.hugeBytes)]);
    for (const [place, sample] of runs) {
      const request = callFor(method, route, call, place, sample);
      const answer = await target.send(request);
      report.sent++;
      const where = `${method} ${route.url}, bad ${place.kind}${'name' in place ? ` ${place.name}` : ''}`;
      if (answer.statusCode >= 500) {
        report.serverErrors++;
        report.problems.push(
          `${where}: ${answer.statusCode} ${answer.body.slice(0, 200)} for ${describe(request)}`,
        );
        continue;
      }
      if (answer.statusCode < 400 || !within(target.prefix, request.url)) continue;
      const misfit = target.judge(method, route, answer);
      if (misfit) report.problems.push(`${where}: ${answer.statusCode} ${misfit} for ${describe(request)}`);
      if (INTERNALS.test(answer.body))
        report.problems.push(
          `${where}: ${answer.statusCode} tells of internals: ${answer.body.slice(0, 300)}`,
        );
    }
  }
  return report;
}
