import { createPublicKey, verify } from 'node:crypto';

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
