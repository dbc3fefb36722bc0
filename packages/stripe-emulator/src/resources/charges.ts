import { str } from '../params.ts';
import { expandOf, list, render } from '../render.ts';
import type { ApiRoute } from '../router.ts';

export const chargeRoutes: ApiRoute[] = [
  {
    method: 'GET',
    path: '/v1/charges',
    handler: (ctx, { body }) => {
      const customer = str(body, 'customer');
      const pi = str(body, 'payment_intent');
      const items = ctx
        .all('charge')
        .filter((c) => (!customer || c.customer === customer) && (!pi || c.payment_intent === pi));
      return list(ctx, items, body, '/v1/charges');
    },
  },
  {
    method: 'GET',
    path: '/v1/charges/:id',
    handler: (ctx, { params, body }) => render(ctx, ctx.get(params.id as string, 'charge'), expandOf(body)),
  },
];
