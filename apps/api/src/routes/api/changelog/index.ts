import multipart from '@fastify/multipart';
import {
  ChangelogCountBody,
  ChangelogDeleteBody,
  ChangelogEntryWire,
  ChangelogIdParams,
  ChangelogList,
  ChangelogUploadBody,
  ChangelogWriteBody,
  ErrorBody,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertCleanText } from '../../../lib/clean-text.ts';
import { AppError, badRequest } from '../../../lib/errors.ts';
import { countEntries } from '../../../modules/changelog/count-entries.ts';
import { createEntry } from '../../../modules/changelog/create-entry.ts';
import { deleteEntry } from '../../../modules/changelog/delete-entry.ts';
import { listEntries } from '../../../modules/changelog/list-entries.ts';
import { MAX_VIDEO_BYTES, storeUpload, tooLarge } from '../../../modules/changelog/store-upload.ts';
import { updateEntry } from '../../../modules/changelog/update-entry.ts';

const tags = ['changelog'];
const adminErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
// Entries may carry pasted data images, so writes take more than the default body limit.
const WRITE_BODY_LIMIT = 8 * 1024 * 1024;

/** The changelog: anyone reads; only admins write (the `access` marker is the route's guard). */
/** What a failed multipart read means to the caller: too large, or not a well-formed upload. */
function uploadError(error: unknown): Error {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge('file');
  if (statusCode === 413) return tooLarge('file');
  // Busboy's parse errors (no boundary, a cut-off body, broken headers) carry no status.
  return badRequest('The upload is not a well-formed multipart/form-data body', 'MALFORMED_UPLOAD');
}

export const changelogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  await app.register(multipart, { limits: { fileSize: MAX_VIDEO_BYTES, files: 1, fields: 0, parts: 1 } });

  app.get(
    '/',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Every changelog entry, newest first', response: { 200: ChangelogList } },
    },
    async () => listEntries({ db }),
  );

  app.get(
    '/entrycount',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'How many changelog entries there are',
        response: { 200: ChangelogCountBody },
      },
    },
    async () => ({ count: await countEntries({ db }) }),
  );

  app.post(
    '/',
    {
      config: { access: 'admin' },
      bodyLimit: WRITE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Add an entry (admins)',
        body: ChangelogWriteBody,
        response: { 201: ChangelogEntryWire, ...adminErrors, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const entry = await createEntry({ db, authorId: user.id, content: request.body.content });
      return reply.status(201).send(entry);
    },
  );

  app.put(
    '/:id',
    {
      config: { access: 'admin' },
      bodyLimit: WRITE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Edit an entry (admins)',
        params: ChangelogIdParams,
        body: ChangelogWriteBody,
        response: { 200: ChangelogEntryWire, ...adminErrors, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const admin = request.user;
      return updateEntry({ db, actorId: admin.id, id: request.params.id, content: request.body.content });
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete an entry (admins)',
        params: ChangelogIdParams,
        response: { 200: ChangelogDeleteBody, ...adminErrors, 404: ErrorBody },
      },
    },
    async (request) => {
      const admin = request.user;
      return deleteEntry({ db, actorId: admin.id, id: request.params.id });
    },
  );

  app.post(
    '/upload',
    {
      config: { access: 'admin', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Upload an image or video for an entry (admins; multipart field "image")',
        consumes: ['multipart/form-data'],
        response: { 200: ChangelogUploadBody, ...adminErrors, 413: ErrorBody },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw badRequest('Send the file as multipart/form-data in the field "image"');
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (!file || file.fieldname !== 'image') throw badRequest('Send the file in the field "image"');
        assertCleanText({ name: file.filename, type: file.mimetype }, 'The upload');
        bytes = await file.toBuffer();
      } catch (error) {
        throw uploadError(error);
      }
      const { url } = await storeUpload({ uploadDir: app.ctx.settings.uploadDir, bytes });
      return { url };
    },
  );
};
