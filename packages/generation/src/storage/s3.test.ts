import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from './s3.ts';

let server: S3rver;
let directory: string;
let endpoint: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 's3-storage-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'media', configs: [] }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

// s3rver accepts the well-known S3RVER credentials.
const storage = (publicUrl?: string) =>
  createS3Storage({
    bucket: 'media',
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    publicUrl,
  });

describe('S3 media storage', () => {
  it('stores, reads back and deletes an object with its type', async () => {
    const media = storage();
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 255, 0]);
    await media.put('jobs/abc/1.png', bytes, 'image/png');
    expect(await media.get('jobs/abc/1.png')).toEqual({ bytes, mime: 'image/png' });
    await media.delete('jobs/abc/1.png');
    expect(await media.get('jobs/abc/1.png')).toBeNull();
  });

  it('answers null for a key that was never stored', async () => {
    expect(await storage().get('jobs/none/0.mp4')).toBeNull();
  });

  it('gives a public URL only when MEDIA_PUBLIC_URL is set', () => {
    expect(storage().publicUrl('jobs/a/1.png')).toBeNull();
    expect(storage('https://cdn.example.com/media/').publicUrl('jobs/a b/1.png')).toBe(
      'https://cdn.example.com/media/jobs/a%20b/1.png',
    );
  });
});
