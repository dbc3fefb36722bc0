// s3rver ships no types; workspaces importing this stand-in need the declaration beside the tests.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../s3rver.d.ts" />
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** An S3-compatible server (s3rver) with one empty bucket, and the settings that reach it. */
export async function startS3StandIn(bucket = 'media') {
  const directory = await mkdtemp(join(tmpdir(), 's3-stand-in-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    /** The product's settings for this bucket; s3rver accepts its well-known S3RVER credentials. */
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
