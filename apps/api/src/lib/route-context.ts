import type { FastifyRequest } from 'fastify';
// Fastify's own symbols, from the same module instance Fastify itself loads (the bundle keeps
// registry packages external).
import fastifySymbols from 'fastify/lib/symbols.js';

/** What Fastify keeps of a request's route: its options' `config`, with the pattern and method. */
export interface RouteConfig {
  url?: string;
  method?: string;
  [key: string | symbol]: unknown;
}

const { kRouteContext } = fastifySymbols as { kRouteContext: symbol };

/**
 * The config of the route a request matched (its `url` undefined for the not-found handler), read
 * where Fastify keeps it. `request.routeOptions` builds a dozen-field object and asks the router
 * about its constraints on every read, a measurable share of a short request for a field or two.
 */
export function routeConfig(request: FastifyRequest): RouteConfig {
  return (request as unknown as Record<symbol, { config?: RouteConfig }>)[kRouteContext]?.config ?? NO_CONFIG;
}

const NO_CONFIG: RouteConfig = Object.freeze({});
