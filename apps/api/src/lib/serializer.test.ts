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

describe('an answer that cannot change', () => {
  let encoded = 0;
  const Flat = z.object({
    id: z.string(),
    count: z.codec(z.number().int(), z.number().int(), {
      decode: (count) => count,
      encode: (count) => {
        encoded++;
        return count;
      },
    }),
  });
  const flat = serializerCompiler({ schema: Flat, method: 'GET', url: '/flat', httpStatus: '200' });

  it('is encoded and written once, the same JSON each time', () => {
    const answer = Object.freeze({ id: 'a1', count: 3 });
    const before = encoded;
    const first = flat(answer);
    expect(first).toBe('{"id":"a1","count":3}');
    expect(flat(answer)).toBe(first);
    expect(flat(Object.freeze({ id: 'a1', count: 3 }))).toBe(first);
    // Twice: the same answer once, and an equal one made anew.
    expect(encoded - before).toBe(2);
  });

  it('is still checked and written anew when it could change: not frozen, or holding an object', () => {
    const open = { id: 'a1', count: 3 };
    const before = encoded;
    expect(flat(open)).toBe('{"id":"a1","count":3}');
    open.count = 4;
    expect(flat(open)).toBe('{"id":"a1","count":4}');
    expect(encoded - before).toBe(2);
    const when = new Date('2026-01-02T03:04:05.000Z');
    const holding = Object.freeze({ id: 'a2', count: 1, when });
    expect(ours(holding)).toContain('2026-01-02T03:04:05.000Z');
    when.setTime(Date.parse('2027-01-01T00:00:00.000Z'));
    expect(ours(holding)).toContain('2027-01-01T00:00:00.000Z');
  });
});
