import { str, strList } from '../params.ts';
import { createdFilter, expandOf, list, render } from '../render.ts';
import type { ApiRoute } from '../router.ts';

const matches = (pattern: string, type: string) =>
  pattern.endsWith('*') ? type.startsWith(pattern.slice(0, -1)) : pattern === type;

export const eventRoutes: ApiRoute[] = [
  {
    method: 'GET',
    path: '/v1/events',
    handler: (ctx, { body }) => {
      const type = str(body, 'type');
      const types = strList(body, 'types');
      const created = createdFilter(body);
      const items = ctx
        .all('event')
        .filter(
          (e) =>
            (!type || matches(type, e.type as string)) &&
            (types.length === 0 || types.includes(e.type as string)) &&
            created(e),
        );
      return list(ctx, items, body, '/v1/events');
    },
  },
  {
    method: 'GET',
    path: '/v1/events/:id',
    handler: (ctx, { params, body }) => render(ctx, ctx.get(params.id as string, 'event'), expandOf(body)),
  },
];
