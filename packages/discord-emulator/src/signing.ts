import { type KeyObject, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';

/** Parsed keys by PEM: reading a PEM costs milliseconds, far more than the signature itself. */
const privateKeys = new Map<string, KeyObject>();

/** Discord signs `timestamp + raw body` with the app's Ed25519 key
 * (https://discord.com/developers/docs/interactions/overview#setting-up-an-endpoint-validating-security-request-headers). */
export function signInteraction(privateKeyPem: string, timestamp: string, body: string): string {
  let key = privateKeys.get(privateKeyPem);
  if (!key) privateKeys.set(privateKeyPem, (key = createPrivateKey(privateKeyPem)));
  return sign(null, Buffer.from(timestamp + body), key).toString('hex');
}

/** What an app does with the public key it was given: verify a request's signature headers. */
export function verifyInteraction(
  publicKeyHex: string,
  signature: string,
  timestamp: string,
  body: string,
): boolean {
  try {
    const key = createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(publicKeyHex, 'hex')]),
      format: 'der',
      type: 'spki',
    });
    return verify(null, Buffer.from(timestamp + body), key, Buffer.from(signature, 'hex'));
  } catch {
    return false;
  }
}
