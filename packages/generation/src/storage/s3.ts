import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { MediaStorage } from '../types.ts';

/**
 * Media in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2, …), so several
 * API and worker machines see the same files. Settings: S3_BUCKET, S3_ENDPOINT, S3_REGION,
 * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and, for a CDN in front of the bucket, MEDIA_PUBLIC_URL.
 */
export interface S3StorageOptions {
  bucket: string;
  /** Omit for AWS itself; any other service is addressed by path (`endpoint/bucket/key`). */
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Base URL that serves the bucket's keys publicly, e.g. a CDN. */
  publicUrl?: string;
}

/** Media keys never change content, so caches may keep them forever. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
  }
  return false;
}

export function createS3Storage(options: S3StorageOptions): MediaStorage {
  const client = new S3Client({
    region: options.region || 'us-east-1',
    endpoint: options.endpoint || undefined,
    // Custom endpoints (MinIO, R2, …) rarely have per-bucket DNS names.
    forcePathStyle: Boolean(options.endpoint),
    // Newer SDKs add CRC checksums to every upload, which several S3-compatible services refuse.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  const publicBase = options.publicUrl?.replace(/\/+$/, '');

  return {
    async put(key, bytes, mime) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: bytes,
          ContentType: mime,
          ContentLength: bytes.length,
          CacheControl: CACHE_CONTROL,
        }),
      );
    },

    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        if (!answer.Body) return null;
        const bytes = Buffer.from(await answer.Body.transformToByteArray());
        return { bytes, mime: answer.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        // AWS answers 403, not 404, for a missing key unless the credentials may list the bucket.
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      // S3 answers a delete of a missing key with success, which is what callers want.
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },

    publicUrl(key) {
      if (!publicBase) return null;
      return `${publicBase}/${key.split('/').map(encodeURIComponent).join('/')}`;
    },
  };
}
