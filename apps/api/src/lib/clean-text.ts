import { badRequest } from './errors.ts';

// A high surrogate not followed by a low one, or a low one not after a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text that PostgreSQL and the payment provider can take: no NUL (PostgreSQL text refuses it)
 * and no lone UTF-16 surrogate (it has no UTF-8 form, so URL-encoding it for Stripe throws).
 */
export function isCleanText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** The path of the first string (value or key) in `value` that is not clean text, else undefined. */
export function findUncleanText(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (!isCleanText(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push([item, `${path}.${index}`]));
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (!isCleanText(key)) return path || 'a field name';
        stack.push([item, `${path}.${key}`]);
      }
    }
  }
  return undefined;
}

/** Refuses (400) input holding text that could not be stored or sent on as it is. */
export function assertCleanText(value: unknown, where: string): void {
  // Most requests carry no query and an empty params object: nothing to walk.
  if (value === undefined || value === null || isEmptyObject(value)) return;
  const path = findUncleanText(value);
  if (path === undefined) return;
  const field = path.replace(/^\./, '');
  throw badRequest(
    `${field ? `${where} field ${field}` : where} contains a NUL character or an unpaired surrogate`,
    'INVALID_TEXT',
  );
}

function isEmptyObject(value: unknown): boolean {
  if (typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  // Exactly what the walk would visit: its own enumerable keys.
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}
