import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, type ParseContextInternal } from 'zod/v4/core';

/** Encoding, synchronously: the context zod's `safeEncode` builds anew (twice) for every call. */
const ENCODE: ParseContextInternal = Object.freeze({ direction: 'backward', async: false });

/** Whether an answer's JSON can never change: frozen, and holding nothing but plain values. */
function isFixed(data: unknown): data is object {
  if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return false;
  for (const value of Object.values(data))
    if (typeof value === 'object' ? value !== null : typeof value === 'function') return false;
  return true;
}

/**
 * fastify-type-provider-zod's response serializer (the answer encoded through its zod schema, then
 * JSON), with one shared encoding context: building it for every answer was half of encoding a
 * short one. An answer its schema refuses, or a schema that is not a plain zod type, goes to the
 * library's serializer, which throws its own error for it as before.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = (routeSchema) => {
  const library = (zodSerializerCompiler as FastifySerializerCompiler<unknown>)(routeSchema);
  const schema = routeSchema.schema;
  if (!(schema instanceof $ZodType)) return library;
  // An answer that cannot change (a signed-in user's, made once per remembered user) is encoded
  // and written once per route and status.
  const written = new WeakMap<object, string>();
  return (data: unknown) => {
    const known = typeof data === 'object' && data !== null ? written.get(data) : undefined;
    if (known !== undefined) return known;
    const result = schema._zod.run({ value: data, issues: [] }, ENCODE);
    if (result instanceof Promise) {
      // An asynchronous check: the library refuses it (zod's own error) and this run is dropped.
      result.catch(() => undefined);
      return library(data);
    }
    if (result.issues.length > 0) return library(data);
    const json = JSON.stringify(result.value);
    if (isFixed(data)) written.set(data, json);
    return json;
  };
};
