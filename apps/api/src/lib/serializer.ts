import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, type ParseContextInternal } from 'zod/v4/core';

/** Encoding, synchronously: the context zod's `safeEncode` builds anew (twice) for every call. */
const ENCODE: ParseContextInternal = Object.freeze({ direction: 'backward', async: false });

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
  return (data: unknown) => {
    const result = schema._zod.run({ value: data, issues: [] }, ENCODE);
    if (result instanceof Promise) {
      // An asynchronous check: the library refuses it (zod's own error) and this run is dropped.
      result.catch(() => undefined);
      return library(data);
    }
    if (result.issues.length > 0) return library(data);
    return JSON.stringify(result.value);
  };
};
