import qs from 'qs';
import { invalidRequest } from './errors.ts';
import type { Params } from './types.ts';

const KEY = /^[^[\]]+(\[[^[\]]*\])*$/;
const QS = {
  depth: 20,
  strictDepth: true,
  arrayLimit: 10_000,
  parameterLimit: Infinity,
  duplicates: 'last',
} as const;
const FORBIDDEN = /(^|\[)(__proto__|constructor|prototype)(\]|$)/;

/**
 * Parses Stripe's bracket-notation form encoding (`a[b][0][c]=v`, `expand[]=x`) into nested values
 * with `qs`; a malformed name, or one that is both a value and an object, is Stripe's 400.
 */
export function parseForm(body: string): Params {
  if (!body) return {};
  const keys = [...new URLSearchParams(body).keys()];
  for (const key of keys) {
    if (!KEY.test(key) || FORBIDDEN.test(key))
      throw invalidRequest(`Invalid parameter name: ${key}`, 'parameter_unknown', key);
  }
  const paths = new Set(keys);
  const clash = keys.find((k) => [...k.matchAll(/\[/g)].some((m) => paths.has(k.slice(0, m.index))));
  if (clash)
    throw invalidRequest(`Invalid object for parameter: ${clash}`, 'parameter_invalid_object', clash);
  try {
    return qs.parse(body, QS);
  } catch {
    throw invalidRequest('Parameters are nested too deeply.', 'parameter_invalid_object');
  }
}
