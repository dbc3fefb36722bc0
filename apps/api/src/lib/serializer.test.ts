import { serializerCompiler as librarySerializer } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer.ts';

const Answer = z.object({
  id: z.string(),
  count: z.number().int(),
  when: z.codec(z.iso.datetime(), z.date(), {
    decode: (text) => new Date(text),
    encode: (date) => date.toISOString(),
  }),
  note: z.string().nullable().optional(),
});
const route = { schema: Answer, method: 'GET', url: '/answer', httpStatus: '200' };
const ours = serializerCompiler(route);
const theirs = (librarySerializer as typeof serializerCompiler)(route);

describe('the response serializer', () => {
  it('writes what the zod provider writes: encoded through the schema, unknown fields left out', () => {
    const answer = { id: 'a1', count: 3, when: new Date('2026-01-02T03:04:05.000Z'), secret: 'x' };
    expect(ours(answer)).toBe(theirs(answer));
    expect(JSON.parse(ours(answer))).toEqual({ id: 'a1', count: 3, when: '2026-01-02T03:04:05.000Z' });
    expect(ours({ ...answer, note: null })).toBe(theirs({ ...answer, note: null }));
  });

  it('refuses an answer its schema refuses, with the provider’s error', () => {
    const wrong = { id: 'a1', count: 1.5, when: new Date() };
    expect(() => theirs(wrong)).toThrow();
    expect(() => ours(wrong)).toThrow(
      (() => {
        try {
          theirs(wrong);
        } catch (error) {
          return (error as Error).message;
        }
        return 'no error';
      })(),
    );
  });
});
