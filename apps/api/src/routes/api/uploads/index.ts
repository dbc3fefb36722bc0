import multipart from '@fastify/multipart';
import { ErrorBody, UploadBody } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../../lib/errors.ts';
import { mediaUrl } from '../../../modules/jobs/job-wire.ts';
import { MAX_GENERATION_UPLOAD_BYTES, storeGenerationUpload } from '../../../modules/jobs/store-upload.ts';

/** `POST /api/uploads`: a file (multipart field `file`) for a later job's attachment option. */
export const generationUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  await app.register(multipart, {
    limits: { fileSize: MAX_GENERATION_UPLOAD_BYTES, files: 1, fields: 0, parts: 1 },
  });
  app.post(
    '/',
    {
      config: { access: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['jobs'],
        summary: 'Upload an image, sound or ZIP for a job (multipart field "file"; type judged by its bytes)',
        consumes: ['multipart/form-data'],
        response: { 201: UploadBody, 400: ErrorBody, 401: ErrorBody, 413: ErrorBody, 415: ErrorBody },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (!request.isMultipart())
        throw badRequest('Send the file as multipart/form-data in the field "file"');
      const file = await request.file();
      if (!file || file.fieldname !== 'file') throw badRequest('Send the file in the field "file"');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('FILE_TOO_LARGE', {
            status: 413,
            message: `Files may be at most ${MAX_GENERATION_UPLOAD_BYTES / 1024 / 1024} MB`,
          });
        }
        throw error;
      }
      if (!bytes.length) throw badRequest('The file is empty');
      const upload = await storeGenerationUpload({
        db,
        storage: app.generation.storage,
        userId: user.id,
        bytes,
      });
      return reply.status(201).send({
        upload: {
          id: upload.id,
          url: mediaUrl(app.generation.storage, upload.storageKey),
          mime: upload.mime,
          size: upload.size,
        },
      });
    },
  );
};
