import { request as httpRequest } from 'node:http';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { startS3StandIn } from '@app/generation/stand-ins/s3';
import { expect } from 'vitest';

/** What the rehearsal's customer does through Discord's channel page, the bucket and plain HTTP. */

/** The channel page's sign-in as one of the emulator's users; answers its cookie. */
export async function pickDiscordUser(discordUrl: string, userId: string): Promise<string> {
  const answer = await fetch(`${discordUrl}/app/api/me`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId }),
  });
  expect(answer.status).toBe(200);
  return answer.headers.get('set-cookie')!.split(';')[0]!;
}

export async function channelMessages(discordUrl: string, channelId: string, cookie: string) {
  const answer = await fetch(`${discordUrl}/app/api/channels/${channelId}/messages`, {
    headers: { cookie },
  });
  return (
    (await answer.json()) as {
      messages: { content: string; attachments: { url: string }[]; components?: unknown[] }[];
    }
  ).messages;
}

/** True when an object under `prefix` in the bucket has exactly these bytes. */
export async function bucketHolds(
  s3: Awaited<ReturnType<typeof startS3StandIn>>,
  prefix: string,
  bytes: Buffer,
) {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY },
  });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.env.S3_BUCKET, Prefix: prefix }));
  for (const { Key } of listed.Contents ?? []) {
    const object = await client.send(new GetObjectCommand({ Bucket: s3.env.S3_BUCKET, Key }));
    if (Buffer.from(await object.Body!.transformToByteArray()).equals(bytes)) return true;
  }
  return false;
}

/**
 * A POST whose headers and first bytes are sent now and the rest on `finish()`: a request still
 * in flight. `status` resolves with the answer's status.
 */
export function halfSentRequest(port: number, path: string, body: string, headers: Record<string, string>) {
  let finish = () => {};
  // `Expect: 100-continue` makes the server answer "100 Continue" once it has read the headers: the
  // request is then in flight on the server, whatever the server logs.
  let headersIn!: () => void;
  const arrived = new Promise<void>((resolve) => (headersIn = resolve));
  const status = new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: {
          'content-type': 'application/json',
          'content-length': String(body.length),
          expect: '100-continue',
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.on('continue', () => headersIn());
    req.write(body.slice(0, 5));
    finish = () => void req.end(body.slice(5));
  });
  return { status, arrived, finish: () => finish() };
}
