import { describe, expect, it } from 'vitest';
import { refusalStatus } from './refusal-status.ts';

describe('refusalStatus', () => {
  it("reads a refusal's 4xx as Fastify does: statusCode, else status", () => {
    expect(refusalStatus(Object.assign(new Error('x'), { statusCode: 415 }))).toBe(415);
    expect(refusalStatus(Object.assign(new Error('x'), { status: 400 }))).toBe(400);
    expect(refusalStatus(Object.assign(new Error('x'), { statusCode: 200, status: 409 }))).toBe(409);
  });

  it('answers null for a fault: a 5xx, no status, or something not an error', () => {
    expect(refusalStatus(Object.assign(new Error('x'), { statusCode: 500 }))).toBeNull();
    expect(refusalStatus(Object.assign(new Error('x'), { status: 503 }))).toBeNull();
    expect(refusalStatus(Object.assign(new Error('x'), { status: '400' }))).toBeNull();
    expect(refusalStatus(new TypeError('boom'))).toBeNull();
    expect(refusalStatus(null)).toBeNull();
    expect(refusalStatus('400')).toBeNull();
  });
});
