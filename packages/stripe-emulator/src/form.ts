import { invalidRequest } from './errors.ts';
import type { Params } from './types.ts';

/** Parses Stripe's bracket-notation form encoding (`a[b][0][c]=v`, `expand[]=x`) into nested values. */
export function parseForm(body: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const segments = splitKey(rawKey);
    if (!segments) throw invalidRequest(`Invalid parameter name: ${rawKey}`, 'parameter_unknown', rawKey);
    assign(root, segments, value, rawKey);
  }
  return arrayify(root) as Params;
}

function splitKey(key: string): string[] | null {
  const first = /^[^[\]]+/.exec(key);
  if (!first) return null;
  const segments = [first[0]];
  const rest = key.slice(first[0].length);
  const re = /\[([^[\]]*)\]/gy;
  let consumed = 0;
  for (let m = re.exec(rest); m; m = re.exec(rest)) {
    segments.push(m[1] ?? '');
    consumed = re.lastIndex;
  }
  return consumed === rest.length ? segments : null;
}

function assign(target: Params, segments: string[], value: string, rawKey: string): void {
  let node: Params = target;
  for (let i = 0; i < segments.length; i++) {
    let seg = segments[i] as string;
    if (seg === '') seg = String(Object.keys(node).length);
    if (seg === '__proto__' || seg === 'constructor' || seg === 'prototype') {
      throw invalidRequest(`Invalid parameter name: ${rawKey}`, 'parameter_unknown', rawKey);
    }
    if (i === segments.length - 1) {
      node[seg] = value;
      return;
    }
    const next = node[seg];
    if (typeof next === 'string') {
      throw invalidRequest(`Invalid object for parameter: ${rawKey}`, 'parameter_invalid_object', rawKey);
    }
    if (next === undefined) node[seg] = {};
    node = node[seg] as Params;
  }
}

/** Objects whose keys are all indices become arrays, in index order. */
function arrayify(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const obj = value as Params;
  const keys = Object.keys(obj);
  for (const k of keys) obj[k] = arrayify(obj[k]);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => obj[k]);
  }
  return obj;
}
