// Checks a JSON value against a shape read from a package's types: every required key present,
// `null` only where the type allows it, literals (enums) among the allowed values, and no key the
// type does not have (a field the API version removed, or a misspelt one).
import type { Schema, Shape } from './shape.ts';

export interface Failure {
  path: string;
  message: string;
}

const MAX_UNION_TRIES = 40;

function describe(s: Shape, schema: Schema): string {
  switch (s.k) {
    case 'lit':
      return JSON.stringify(s.v);
    case 'union':
      return s.of.map((o) => describe(o, schema)).join(' | ');
    case 'array':
      return `${describe(s.of, schema)}[]`;
    case 'ref':
      return schema.defs[s.id]?.name ?? 'object';
    default:
      return s.k;
  }
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** Literal-valued keys of an object type (`object`, `type`, `deleted`) a value must match to be it. */
function discriminates(shape: Shape, value: Record<string, unknown>, schema: Schema): boolean {
  if (shape.k !== 'ref') return true;
  const def = schema.defs[shape.id];
  if (!def) return true;
  for (const [key, prop] of Object.entries(def.props)) {
    const lits = prop.t.k === 'lit' ? [prop.t.v] : null;
    if (!lits) continue;
    if (!(key in value)) {
      if (!prop.opt) return false;
      continue;
    }
    if (!lits.includes(value[key] as string)) return false;
  }
  return true;
}

export function validate(value: unknown, shape: Shape, schema: Schema, path = ''): Failure[] {
  const here = path || '(root)';
  switch (shape.k) {
    case 'any':
      return [];
    case 'null':
      return value === null ? [] : [{ path: here, message: `expected null, got ${typeOf(value)}` }];
    case 'string':
    case 'number':
    case 'boolean':
      return typeof value === shape.k
        ? []
        : [{ path: here, message: `expected ${shape.k}, got ${typeOf(value)}${value === null ? '' : ''}` }];
    case 'lit':
      return value === shape.v
        ? []
        : [{ path: here, message: `expected ${JSON.stringify(shape.v)}, got ${JSON.stringify(value)}` }];
    case 'array': {
      if (!Array.isArray(value)) return [{ path: here, message: `expected an array, got ${typeOf(value)}` }];
      return value.flatMap((item, i) => validate(item, shape.of, schema, `${path}[${i}]`));
    }
    case 'union':
      return validateUnion(value, shape.of, schema, path);
    case 'ref':
      return validateObject(value, shape.id, schema, path);
  }
}

function validateUnion(value: unknown, of: Shape[], schema: Schema, path: string): Failure[] {
  const here = path || '(root)';
  const kind = typeOf(value);
  const fits = (s: Shape): boolean => {
    if (s.k === 'any') return true;
    if (s.k === 'lit') return s.v === value;
    if (s.k === 'ref') return kind === 'object' && discriminates(s, value as Record<string, unknown>, schema);
    if (s.k === 'array') return kind === 'array';
    if (s.k === 'union') return s.of.some(fits);
    return s.k === kind;
  };
  const candidates = of.filter(fits);
  if (candidates.length === 0) {
    const allowed = of.map((s) => describe(s, schema)).join(' | ');
    return [
      {
        path: here,
        message: `${JSON.stringify(value)?.slice(0, 60)} is not one of ${allowed.slice(0, 300)}`,
      },
    ];
  }
  let best: Failure[] | null = null;
  for (const s of candidates.slice(0, MAX_UNION_TRIES)) {
    const failures = validate(value, s, schema, path);
    if (failures.length === 0) return [];
    if (!best || failures.length < best.length) best = failures;
  }
  return best ?? [];
}

function validateObject(value: unknown, id: string, schema: Schema, path: string): Failure[] {
  const here = path || '(root)';
  const def = schema.defs[id];
  if (!def) return [];
  if (typeOf(value) !== 'object')
    return [{ path: here, message: `expected ${def.name}, got ${typeOf(value)}` }];
  const obj = value as Record<string, unknown>;
  const failures: Failure[] = [];
  const at = (key: string) => (path ? `${path}.${key}` : key);
  for (const [key, prop] of Object.entries(def.props)) {
    if (!(key in obj)) {
      if (!prop.opt) failures.push({ path: at(key), message: `required by ${def.name}, missing` });
      continue;
    }
    failures.push(...validate(obj[key], prop.t, schema, at(key)));
  }
  for (const key of Object.keys(obj)) {
    if (key in def.props) continue;
    if (def.index) failures.push(...validate(obj[key], def.index, schema, at(key)));
    else failures.push({ path: at(key), message: `not a field of ${def.name}` });
  }
  return failures;
}
