import { type Database, type JobRow, findLoraByName, findUploads, getJob, mediaForJobs } from '@app/db';
import { findCommand, isImageAction, jobWorkOf, parsePromptFlags } from '@app/domain';
import { type GenerationRequest, type InputFile, type MediaStorage, ProviderError } from '@app/generation';
import { ZipRefused, unpackZipImages } from '../zip.ts';

/** The text option a command's flags are typed in. */
export function promptOf(options: Record<string, unknown>): string {
  for (const key of ['prompt', 'text', 'style', 'description']) {
    if (typeof options[key] === 'string') return options[key];
  }
  return '';
}

/** Turns a job row into what a provider needs: parsed flags, input files, the LoRA's reference. */
export async function buildRequest(
  database: Database,
  storage: MediaStorage,
  job: JobRow,
  signal?: AbortSignal,
): Promise<GenerationRequest> {
  const options = job.options;
  const work = jobWorkOf(job.command)?.work;
  if (!work) {
    throw new ProviderError('UNSUPPORTED', `/${job.command} is not a generation job.`, { retryable: false });
  }
  const parsed = parsePromptFlags(promptOf(options), {
    command: isAction(job.command) ? 'make' : job.command,
  });
  const request: GenerationRequest = {
    jobId: job.id,
    command: job.command,
    family: job.family,
    work,
    prompt: parsed.prompt,
    width: parsed.width,
    height: parsed.height,
    seed: Number.parseInt(job.id.replaceAll('-', '').slice(0, 8), 16),
    inputs: {},
    options: {},
  };
  if (typeof options.denoise === 'number') request.denoise = options.denoise;
  if (parsed.voice) request.voice = parsed.voice;
  if (job.family === 'lora' && typeof options.name === 'string') request.modelName = options.name;
  if (parsed.lora) {
    const lora = await findLoraByName(database.db, job.userId, parsed.lora.name);
    if (!lora || lora.status !== 'ready' || !lora.reference) {
      throw new ProviderError('LORA_UNAVAILABLE', `Your LoRA ${parsed.lora.name} is no longer available.`, {
        retryable: false,
      });
    }
    request.lora = { name: lora.name, weight: parsed.lora.weight, reference: lora.reference };
  }

  const definition = findCommand(job.command);
  const attachmentNames = new Set(
    definition?.options.filter((option) => option.type === 'attachment').map((option) => option.name) ?? [],
  );
  for (const [key, value] of Object.entries(options)) {
    if (attachmentNames.has(key)) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      request.options[key] = value;
    }
  }
  const uploadIds = [...attachmentNames].map((name) => options[name]).filter((id) => typeof id === 'string');
  const uploads = new Map((await findUploads(database.db, uploadIds)).map((row) => [row.id, row]));
  for (const name of attachmentNames) {
    const id = options[name];
    if (typeof id !== 'string') continue;
    const upload = uploads.get(id);
    const stored = upload ? await storage.get(upload.storageKey) : null;
    if (!upload || !stored) {
      throw new ProviderError('INPUT_MISSING', `The file sent as ${name} is no longer available.`, {
        retryable: false,
      });
    }
    request.inputs[name] =
      upload.mime === 'application/zip'
        ? (await unpackTrainingZip(stored.bytes, signal)).map(({ name: file, bytes }) => ({
            name: file,
            mime: /\.png$/i.test(file) ? 'image/png' : 'image/jpeg',
            bytes,
          }))
        : [{ name, mime: upload.mime, bytes: stored.bytes }];
  }
  if (job.parentJobId && isAction(job.command))
    request.inputs.image = await parentImage(database, storage, job);
  return request;
}

/** A ZIP refused here (one accepted before its bytes were checked at submission) fails its job, refunded. */
async function unpackTrainingZip(bytes: Buffer, signal?: AbortSignal) {
  try {
    return await unpackZipImages(bytes, signal);
  } catch (error) {
    if (error instanceof ZipRefused) throw new ProviderError('BAD_ZIP', error.message, { retryable: false });
    throw error;
  }
}

/** A result action (vary, upscale, zoom, …): its image is the parent job's. */
export const isAction = (command: string) => isImageAction(command);

/**
 * The parent job's image an action works from: the one its `index` option picks (1–4 of a grid,
 * whose images come before the grid itself), else the first.
 */
async function parentImage(database: Database, storage: MediaStorage, job: JobRow): Promise<InputFile[]> {
  const parent = job.parentJobId ? await getJob(database.db, job.parentJobId) : null;
  const images = parent
    ? (await mediaForJobs(database.db, [parent.id])).filter((row) => row.kind === 'image')
    : [];
  const index = typeof job.options.index === 'number' ? job.options.index : 1;
  const first = images[index - 1];
  const stored = first ? await storage.get(first.storageKey) : null;
  if (!first || !stored) {
    throw new ProviderError('INPUT_MISSING', 'The image this was made from is no longer available.', {
      retryable: false,
    });
  }
  return [{ name: 'image', mime: first.mime, bytes: stored.bytes }];
}
