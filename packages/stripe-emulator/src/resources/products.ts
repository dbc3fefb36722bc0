import type { Ctx } from '../ctx.ts';
import { invalidRequest } from '../errors.ts';
import { bool, mergeMetadata, obj, reqStr, str, strList } from '../params.ts';
import { expandOf, list, render } from '../render.ts';
import type { ApiRoute } from '../router.ts';
import { fieldSetter, type Kept, type Params, type Previous } from '../types.ts';

export function createProduct(ctx: Ctx, p: Params): Kept<'product'> {
  const product = ctx.create('product', 'prod', {
    active: bool(p, 'active') ?? true,
    description: str(p, 'description') ?? null,
    images: strList(p, 'images'),
    marketing_features: [],
    metadata: mergeMetadata({}, p),
    name: reqStr(p, 'name'),
    shippable: null,
    type: 'service',
    updated: ctx.now(),
    url: null,
  });
  const id = str(p, 'id');
  if (id) {
    if (ctx.find(id, 'product'))
      throw invalidRequest(`Product already exists.`, 'resource_already_exists', 'id');
    product.id = id;
  }
  ctx.put(product);
  ctx.emit('product.created', product);
  const defaultPrice = obj(p, 'default_price_data');
  if (defaultPrice) {
    const price = createPrice(ctx, { ...defaultPrice, product: product.id });
    product.default_price = price.id;
  }
  return product;
}

export function createPrice(ctx: Ctx, p: Params): Kept<'price'> {
  const currency = reqStr(p, 'currency').toLowerCase();
  const unitAmount = p.unit_amount === undefined ? undefined : reqStr(p, 'unit_amount');
  if (unitAmount === undefined || !/^\d+$/.test(unitAmount)) {
    throw unitAmount === undefined
      ? invalidRequest('Missing required param: unit_amount.', 'parameter_missing', 'unit_amount')
      : invalidRequest(`Invalid integer: ${unitAmount}`, 'parameter_invalid_integer', 'unit_amount');
  }
  const productData = obj(p, 'product_data');
  const productId = productData
    ? createProduct(ctx, productData).id
    : ctx.get(reqStr(p, 'product'), 'product', 'product').id;
  const recurring = obj(p, 'recurring');
  const interval = recurring ? reqStr(recurring, 'interval', 'recurring[interval]') : null;
  if (interval && !['day', 'week', 'month', 'year'].includes(interval)) {
    throw invalidRequest(
      `Invalid recurring[interval]: ${interval}`,
      'parameter_invalid_string',
      'recurring[interval]',
    );
  }
  const lookupKey = str(p, 'lookup_key') || null;
  if (lookupKey) {
    const holder = ctx.all('price').find((x) => x.lookup_key === lookupKey);
    if (holder && bool(p, 'transfer_lookup_key') !== true) {
      throw invalidRequest(
        `A price (\`${holder.id}\`) already uses that lookup key.`,
        'lookup_key_already_exists',
        'lookup_key',
      );
    }
    if (holder) holder.lookup_key = null;
  }
  const price = ctx.create('price', 'price', {
    active: bool(p, 'active') ?? true,
    billing_scheme: 'per_unit',
    currency,
    custom_unit_amount: null,
    lookup_key: lookupKey,
    metadata: mergeMetadata({}, p),
    nickname: str(p, 'nickname') ?? null,
    product: productId,
    recurring: interval
      ? {
          interval,
          interval_count: Number(str(recurring as Params, 'interval_count') ?? 1),
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: interval ? 'recurring' : 'one_time',
    unit_amount: Number(unitAmount),
    unit_amount_decimal: unitAmount,
  });
  ctx.put(price);
  ctx.emit('price.created', price);
  return price;
}

export const productRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: '/v1/products',
    handler: (ctx, { body }) => render(ctx, createProduct(ctx, body), expandOf(body)),
  },
  {
    method: 'GET',
    path: '/v1/products',
    handler: (ctx, { body }) => {
      const active = bool(body, 'active');
      const ids = strList(body, 'ids');
      const items = ctx
        .all('product')
        .filter(
          (x) => (active === undefined || x.active === active) && (ids.length === 0 || ids.includes(x.id)),
        );
      return list(ctx, items, body, '/v1/products');
    },
  },
  {
    method: 'GET',
    path: '/v1/products/:id',
    handler: (ctx, { params, body }) => render(ctx, ctx.get(params.id as string, 'product'), expandOf(body)),
  },
  {
    method: 'POST',
    path: '/v1/products/:id',
    handler: (ctx, { params, body }) => {
      const product = ctx.get(params.id as string, 'product');
      const previous: Previous = {};
      const set = fieldSetter(product, previous);
      const text = (name: string) => {
        const value = str(body, name);
        return value === '' ? null : value;
      };
      set('name', str(body, 'name'));
      set('description', text('description'));
      set('active', bool(body, 'active'));
      set('default_price', text('default_price'));
      if (body.metadata !== undefined) {
        previous.metadata = product.metadata;
        product.metadata = mergeMetadata(product.metadata, body);
      }
      product.updated = ctx.now();
      ctx.emit('product.updated', product, previous);
      return render(ctx, product, expandOf(body));
    },
  },
  {
    method: 'POST',
    path: '/v1/prices',
    handler: (ctx, { body }) => render(ctx, createPrice(ctx, body), expandOf(body)),
  },
  {
    method: 'GET',
    path: '/v1/prices',
    handler: (ctx, { body }) => {
      const active = bool(body, 'active');
      const product = str(body, 'product');
      const type = str(body, 'type');
      const keys = strList(body, 'lookup_keys');
      const items = ctx
        .all('price')
        .filter(
          (x) =>
            (active === undefined || x.active === active) &&
            (!product || x.product === product) &&
            (!type || x.type === type) &&
            (keys.length === 0 || keys.includes(x.lookup_key as string)),
        );
      return list(ctx, items, body, '/v1/prices');
    },
  },
  {
    method: 'GET',
    path: '/v1/prices/:id',
    handler: (ctx, { params, body }) => render(ctx, ctx.get(params.id as string, 'price'), expandOf(body)),
  },
  {
    method: 'POST',
    path: '/v1/prices/:id',
    handler: (ctx, { params, body }) => {
      const price = ctx.get(params.id as string, 'price');
      const previous: Previous = {};
      const active = bool(body, 'active');
      if (active !== undefined) [previous.active, price.active] = [price.active, active];
      const nickname = str(body, 'nickname');
      if (nickname !== undefined) [previous.nickname, price.nickname] = [price.nickname, nickname || null];
      const lookupKey = str(body, 'lookup_key');
      if (lookupKey !== undefined) {
        const holder = lookupKey
          ? ctx.all('price').find((x) => x.lookup_key === lookupKey && x.id !== price.id)
          : undefined;
        if (holder && bool(body, 'transfer_lookup_key') !== true) {
          throw invalidRequest(
            `A price (\`${holder.id}\`) already uses that lookup key.`,
            'lookup_key_already_exists',
            'lookup_key',
          );
        }
        if (holder) holder.lookup_key = null;
        [previous.lookup_key, price.lookup_key] = [price.lookup_key, lookupKey || null];
      }
      if (body.metadata !== undefined)
        [previous.metadata, price.metadata] = [price.metadata, mergeMetadata(price.metadata, body)];
      ctx.emit('price.updated', price, previous);
      return render(ctx, price, expandOf(body));
    },
  },
];
