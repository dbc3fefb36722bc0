import type Stripe from 'stripe';
import { invalidRequest, missingParam } from './errors.ts';
import type { Params } from './types.ts';

const isObject = (v: unknown): v is Params => typeof v === 'object' && v !== null && !Array.isArray(v);

export function str(p: Params, name: string, path = name): string | undefined {
  const v = p[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string')
    throw invalidRequest(`Invalid string: ${path}`, 'parameter_invalid_string', path);
  return v;
}

export function reqStr(p: Params, name: string, path = name): string {
  const v = str(p, name, path);
  if (v === undefined || v === '') throw missingParam(path);
  return v;
}

export function int(p: Params, name: string, path = name): number | undefined {
  const v = str(p, name, path);
  if (v === undefined || v === '') return undefined;
  if (!/^-?\d+$/.test(v)) throw invalidRequest(`Invalid integer: ${v}`, 'parameter_invalid_integer', path);
  return Number(v);
}

export function reqInt(p: Params, name: string, path = name): number {
  const v = int(p, name, path);
  if (v === undefined) throw missingParam(path);
  return v;
}

export function num(p: Params, name: string, path = name): number | undefined {
  const v = str(p, name, path);
  if (v === undefined || v === '') return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(v))
    throw invalidRequest(`Invalid decimal: ${v}`, 'parameter_invalid_decimal', path);
  return Number(v);
}

export function bool(p: Params, name: string, path = name): boolean | undefined {
  const v = str(p, name, path);
  if (v === undefined) return undefined;
  if (v !== 'true' && v !== 'false') {
    throw invalidRequest(`Invalid boolean: ${v}`, 'parameter_invalid_boolean', path);
  }
  return v === 'true';
}

export function oneOf<T extends string>(
  p: Params,
  name: string,
  values: readonly T[],
  path = name,
): T | undefined {
  const v = str(p, name, path);
  if (v === undefined) return undefined;
  if (!(values as readonly string[]).includes(v)) {
    throw invalidRequest(
      `Invalid ${path}: must be one of ${values.join(', ')}`,
      'parameter_invalid_string',
      path,
    );
  }
  return v as T;
}

export function obj(p: Params, name: string, path = name): Params | undefined {
  const v = p[name];
  if (v === undefined || v === '') return undefined;
  if (!isObject(v)) throw invalidRequest(`Invalid object: ${path}`, 'parameter_invalid_object', path);
  return v;
}

export function arr(p: Params, name: string, path = name): Params[] | undefined {
  const v = p[name];
  if (v === undefined || v === '') return undefined;
  const list = Array.isArray(v) ? v : isObject(v) ? [v] : null;
  if (!list || !list.every(isObject))
    throw invalidRequest(`Invalid array: ${path}`, 'parameter_invalid_array', path);
  return list;
}

export function strList(p: Params, name: string): string[] {
  const v = p[name];
  if (v === undefined || v === '') return [];
  const list = Array.isArray(v) ? v : [v];
  if (!list.every((x) => typeof x === 'string')) {
    throw invalidRequest(`Invalid array: ${name}`, 'parameter_invalid_array', name);
  }
  return list;
}

/** Stripe's metadata update rule: keys set to '' are removed; passing '' clears everything. */
export function mergeMetadata(current: Stripe.Metadata | null | undefined, p: Params): Stripe.Metadata {
  const base: Stripe.Metadata = { ...(current ?? {}) };
  if (p.metadata === '') return {};
  const m = obj(p, 'metadata');
  if (!m) return base;
  for (const [k, v] of Object.entries(m)) {
    if (typeof v !== 'string')
      throw invalidRequest(`Invalid metadata[${k}]`, 'parameter_invalid_string', `metadata[${k}]`);
    if (v === '') delete base[k];
    else base[k] = v;
  }
  return base;
}

export function timestamp(p: Params, name: string, path = name): number | 'now' | undefined {
  if (p[name] === 'now') return 'now';
  return int(p, name, path);
}
