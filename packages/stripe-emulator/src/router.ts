import type { Ctx } from './ctx.ts';
import type { Json, Params } from './types.ts';

export interface ApiRequest {
  params: Record<string, string>;
  /** Query string for GET/DELETE, form body for POST. */
  body: Params;
  auth: 'secret' | 'publishable';
}

export type ApiHandler = (ctx: Ctx, req: ApiRequest) => Json;

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
