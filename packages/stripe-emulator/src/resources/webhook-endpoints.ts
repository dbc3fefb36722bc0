import { API_VERSION, type Ctx } from '../ctx.ts';
import { invalidRequest, missingParam } from '../errors.ts';
import { mergeMetadata, str, strList } from '../params.ts';
import { expandOf, list, render } from '../render.ts';
import type { ApiRoute } from '../router.ts';
import { newId } from '../store.ts';
import { markDeleted, type Kept, type Params } from '../types.ts';

function url(p: Params): string | undefined {
  const value = str(p, 'url');
  if (value === undefined) return undefined;
  if (!/^https?:\/\/[^\s]+$/.test(value)) {
    throw invalidRequest('Invalid URL: the URL must start with http:// or https://.', 'url_invalid', 'url');
  }
  return value;
}

function enabledEvents(p: Params, required: boolean): string[] | undefined {
  const events = strList(p, 'enabled_events');
  if (events.length === 0) {
    if (required) throw missingParam('enabled_events');
    return undefined;
  }
  return events;
}

/**
 * Webhook endpoints as API objects (https://docs.stripe.com/api/webhook_endpoints): each has a
 * `secret` of its own, shown only in the answer that creates it. The emulator delivers events to
 * its one configured URL, signed with the emulator's webhook secret; endpoints made here are records.
 */
function createEndpoint(ctx: Ctx, p: Params): Kept<'webhook_endpoint'> {
  const target = url(p);
  if (!target) throw missingParam('url');
  const endpoint = ctx.create('webhook_endpoint', 'we', {
    api_version: str(p, 'api_version') ?? API_VERSION,
    description: str(p, 'description') ?? null,
    enabled_events: enabledEvents(p, true),
    metadata: mergeMetadata({}, p),
    url: target,
  });
  ctx.put(endpoint);
  return { ...structuredClone(endpoint), secret: newId('whsec', 32) };
}

export const webhookEndpointRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: '/v1/webhook_endpoints',
    handler: (ctx, { body }) => createEndpoint(ctx, body),
  },
  {
    method: 'GET',
    path: '/v1/webhook_endpoints',
    handler: (ctx, { body }) => list(ctx, ctx.all('webhook_endpoint'), body, '/v1/webhook_endpoints'),
  },
  {
    method: 'GET',
    path: '/v1/webhook_endpoints/:id',
    handler: (ctx, { params, body }) =>
      render(ctx, ctx.get(params.id as string, 'webhook_endpoint'), expandOf(body)),
  },
  {
    method: 'POST',
    path: '/v1/webhook_endpoints/:id',
    handler: (ctx, { params, body }) => {
      const endpoint = ctx.get(params.id as string, 'webhook_endpoint');
      const target = url(body);
      if (target) endpoint.url = target;
      const events = enabledEvents(body, false);
      if (events) endpoint.enabled_events = events;
      const description = str(body, 'description');
      if (description !== undefined) endpoint.description = description || null;
      const disabled = str(body, 'disabled');
      if (disabled !== undefined) endpoint.status = disabled === 'true' ? 'disabled' : 'enabled';
      if (body.metadata !== undefined) endpoint.metadata = mergeMetadata(endpoint.metadata, body);
      return render(ctx, endpoint, expandOf(body));
    },
  },
  {
    method: 'DELETE',
    path: '/v1/webhook_endpoints/:id',
    handler: (ctx, { params }) => {
      const endpoint = ctx.get(params.id as string, 'webhook_endpoint');
      markDeleted(endpoint);
      return { id: endpoint.id, object: 'webhook_endpoint', deleted: true };
    },
  },
];
