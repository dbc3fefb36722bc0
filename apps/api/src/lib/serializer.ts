import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

/** Whether an answer's JSON can never change: frozen, and holding nothing but plain values. */
function isFixed(data: unknown): data is object {
  if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return false;
  for (const value of Object.values(data))
    if (typeof value === 'object' ? value !== null : typeof value === 'function') return false;
  return true;
}

/**
 * fastify-type-provider-zod's response serializer (the answer encoded through its zod schema with
 * zod's `safeEncode`, then JSON), with answers that cannot change written once. An answer its schema
 * refuses (or checks asynchronously), or a schema that is not a plain zod type, goes to the
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
    let result: ReturnType<typeof safeEncode>;
    try {
      result = safeEncode(schema, data);
    } catch {
      // An asynchronous check, which a synchronous encoding cannot run: the library refuses it.
      return library(data);
    }
    if (!result.success) return library(data);
    const json = JSON.stringify(result.data);
    if (isFixed(data)) written.set(data, json);
    return json;
  };
};
