import type { Ctx } from './ctx.ts';
import type { Obj, Params } from './types.ts';

export interface ApiRequest {
  params: Record<string, string>;
  /** Query string for GET/DELETE, form body for POST. */
  body: Params;
  auth: 'secret' | 'publishable';
}

export type ApiHandler = (ctx: Ctx, req: ApiRequest) => Obj;

export interface ApiRoute {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  handler: ApiHandler;
  /** Callable with the publishable key (what Stripe.js may call from a browser). */
  browser?: boolean;
}

export interface PageResponse {
  status?: number;
  contentType?: string;
  headers?: Record<string, string>;
  body: string | Buffer;
}

export interface PageRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  form: Params;
  /** Bearer key sent with the request, if any. */
  key: string | null;
}

export type PageHandler = (ctx: Ctx, req: PageRequest) => PageResponse | Promise<PageResponse>;

export interface PageRoute {
  method: 'GET' | 'POST';
  path: string;
  handler: PageHandler;
}

interface Compiled<R> {
  route: R;
  method: string;
  regex: RegExp;
  names: string[];
}

export class Router<R extends { method: string; path: string }> {
  private readonly compiled: Compiled<R>[];

  constructor(routes: R[]) {
    this.compiled = routes.map((route) => {
      const names: string[] = [];
      const source = route.path.replace(/:(\w+)/g, (_m, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      return { route, method: route.method, regex: new RegExp(`^${source}/?$`), names };
    });
  }

  /** The matching route, `'method'` when only the method is wrong, or null. */
  match(method: string, path: string): { route: R; params: Record<string, string> } | 'method' | null {
    let pathMatched = false;
    for (const c of this.compiled) {
      const m = c.regex.exec(path);
      if (!m) continue;
      pathMatched = true;
      if (c.method !== method) continue;
      const params: Record<string, string> = {};
      c.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1] ?? '')));
      return { route: c.route, params };
    }
    return pathMatched ? 'method' : null;
  }
}
