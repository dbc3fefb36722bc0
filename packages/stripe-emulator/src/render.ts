import type { Ctx } from './ctx.ts';
import { invalidRequest } from './errors.ts';
import { int, str, strList } from './params.ts';
import type { Json, Params } from './types.ts';

/** A copy of `obj` with the `expand[]` paths replaced by the objects they name. */
export function render(ctx: Ctx, obj: object, expand: string[]): Json {
  // A copy to walk as the JSON it becomes.
  const copy = structuredClone(obj) as Json;
  for (const path of expand) expandPath(ctx, copy, path.split('.'), path);
  return copy;
}

function expandPath(ctx: Ctx, node: Json, segments: string[], full: string): void {
  const [head, ...rest] = segments;
  if (head === undefined) return;
  if (node.object === 'list' && head === 'data') {
    for (const item of node.data as Json[]) expandPath(ctx, item, rest, full);
    return;
  }
  if (!(head in node)) {
    throw invalidRequest(`This property cannot be expanded (${head}).`, 'parameter_invalid_string', 'expand');
  }
  let value: unknown = node[head];
  if (typeof value === 'string') {
    const target = ctx.find(value, head === 'coupon' ? 'coupon' : undefined);
    if (!target) throw invalidRequest(`This property cannot be expanded (${head}).`, undefined, 'expand');
    value = structuredClone(target);
    node[head] = value;
  }
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    const items = value as unknown[];
    items.forEach((item, i) => {
      if (typeof item === 'string') items[i] = structuredClone(ctx.find(item) ?? item);
      const expanded = items[i];
      if (typeof expanded === 'object' && expanded !== null) expandPath(ctx, expanded as Json, rest, full);
    });
  } else if (rest.length > 0) expandPath(ctx, value as Json, rest, full);
}

export function expandOf(p: Params): string[] {
  return strList(p, 'expand');
}

/** Stripe's list envelope: newest first, `limit` (1–100) and `starting_after`/`ending_before`. */
export function list(ctx: Ctx, items: { id: string }[], p: Params, url: string): Json {
  const limit = int(p, 'limit') ?? 10;
  if (limit < 1 || limit > 100) {
    throw invalidRequest('Invalid limit: must be between 1 and 100', 'parameter_invalid_integer', 'limit');
  }
  const ordered = [...items].reverse();
  let start = 0;
  let end = ordered.length;
  const after = str(p, 'starting_after');
  const before = str(p, 'ending_before');
  if (after) {
    const i = ordered.findIndex((o) => o.id === after);
    if (i < 0) throw invalidRequest(`No such object: '${after}'`, 'resource_missing', 'starting_after', 404);
    start = i + 1;
  } else if (before) {
    const i = ordered.findIndex((o) => o.id === before);
    if (i < 0) throw invalidRequest(`No such object: '${before}'`, 'resource_missing', 'ending_before', 404);
    end = i;
    start = Math.max(0, end - limit);
  }
  const page = ordered.slice(start, Math.min(end, start + limit));
  const expand = expandOf(p)
    .filter((e) => e.startsWith('data.'))
    .map((e) => e.slice(5));
  return {
    object: 'list',
    data: page.map((o) => render(ctx, o, expand)),
    has_more: before ? start > 0 : start + limit < end,
    url,
  };
}

/** Applies `created[gte]`-style and equality filters common to list endpoints. */
export function createdFilter(p: Params): (o: { id: string; created?: number }) => boolean {
  const c = p.created;
  if (c === undefined) return () => true;
  if (typeof c === 'string') {
    const t = int(p, 'created');
    return (o) => o.created === t;
  }
  const range = c as Params;
  const gte = int(range, 'gte', 'created[gte]');
  const gt = int(range, 'gt', 'created[gt]');
  const lte = int(range, 'lte', 'created[lte]');
  const lt = int(range, 'lt', 'created[lt]');
  // An object without `created` (an invoice item has `date`) matches no range.
  return ({ created = NaN }) =>
    (gte === undefined || created >= gte) &&
    (gt === undefined || created > gt) &&
    (lte === undefined || created <= lte) &&
    (lt === undefined || created < lt);
}
