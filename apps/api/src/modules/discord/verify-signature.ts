import { createPublicKey, verify } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';

/** The DER prefix that turns a raw 32-byte Ed25519 public key into SPKI, which node:crypto reads. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** A verifier for Discord's `X-Signature-Ed25519` over `X-Signature-Timestamp` + the raw body. */
export function signatureVerifier(publicKeyHex: string) {
  const key = createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(publicKeyHex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
  return (signatureHex: unknown, timestamp: unknown, body: Buffer): boolean => {
    if (typeof signatureHex !== 'string' || typeof timestamp !== 'string') return false;
    if (!/^[0-9a-f]{128}$/i.test(signatureHex) || !timestamp) return false;
    try {
      return verify(
        null,
        Buffer.concat([Buffer.from(timestamp), body]),
        key,
        Buffer.from(signatureHex, 'hex'),
      );
    } catch {
      return false;
    }
  };
}

/**
 * How far `X-Signature-Timestamp` may be from our clock. The signature proves Discord sent the
 * bytes, not when: without this, a captured request could be replayed at any later time.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

/** True when a (verified) signature timestamp, in Unix seconds, is within the tolerance of `nowMs`. */
export function timestampIsFresh(timestamp: unknown, nowMs = Date.now()): boolean {
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(nowMs / 1000 - Number(timestamp)) <= SIGNATURE_TOLERANCE_SECONDS;
}

/**
 * The JSON body of a request Discord signed (an interaction, a webhook event): a bad signature or
 * a stale timestamp → 401, a body that is not JSON → 400. Nothing is read before the signature.
 */
export function readSignedJson(
  verify: ReturnType<typeof signatureVerifier>,
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
): unknown {
  const raw = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
  if (!verify(headers['x-signature-ed25519'], headers['x-signature-timestamp'], raw)) {
    throw new AppError('BAD_SIGNATURE', { status: 401, message: 'Invalid request signature' });
  }
  // A genuine request signed long ago (or far ahead) is a replay: refused like a bad signature.
  if (!timestampIsFresh(headers['x-signature-timestamp'])) {
    throw new AppError('STALE_SIGNATURE', {
      status: 401,
      message: 'The request signature is too old or too new',
    });
  }
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw new AppError('BAD_REQUEST', { status: 400, message: 'The body is not JSON' });
  }
}
