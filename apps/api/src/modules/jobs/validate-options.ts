import { type DbOrTx, type UploadRow, findOwnUploads } from '@app/db';
import { type ActionCommand, type CommandOption } from '@app/domain';
import { badRequest } from '../../lib/errors.ts';

export type OptionValues = Record<string, string | number | boolean>;

/** The types an attachment option's `accepts` names, by the mime its bytes showed at upload. */
export const MIME_OF_EXTENSION: Record<string, string[]> = {
  png: ['image/png'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  webp: ['image/webp'],
  mp3: ['audio/mpeg'],
  wav: ['audio/wav'],
  ogg: ['audio/ogg'],
  m4a: ['audio/mp4'],
  zip: ['application/zip'],
};

const MAX_TEXT = 2000;

/**
 * Checks options against the command's registry entry: known names, required ones present, types
 * and bounds, and attachments that are the caller's own uploads of an accepted kind. Answers the
 * cleaned options and the uploads by option name.
 */
export async function validateOptions({
  db,
  userId,
  command,
  options,
}: {
  db: DbOrTx;
  userId: string;
  command: ActionCommand;
  options: OptionValues;
}): Promise<{ options: OptionValues; uploads: Map<string, UploadRow> }> {
  const known = new Map(command.options.map((option) => [option.name, option]));
  const unknown = Object.keys(options).filter((name) => !known.has(name));
  if (unknown.length) {
    const names = command.options.map((option) => option.name).join(', ') || 'none';
    throw badRequest(
      `/${command.name} has no option ${unknown.join(', ')} (its options: ${names})`,
      'BAD_OPTIONS',
    );
  }
  const cleaned: OptionValues = {};
  const attachments: [CommandOption, string][] = [];
  for (const option of command.options) {
    const value = options[option.name];
    if (value === undefined || value === '') {
      if (option.required) throw badRequest(`/${command.name} needs ${option.name}`, 'BAD_OPTIONS');
      continue;
    }
    cleaned[option.name] = checkValue(command, option, value);
    if (option.type === 'attachment') attachments.push([option, value as string]);
  }

  const owned = await findOwnUploads(
    db,
    userId,
    attachments.map(([, id]) => id),
  );
  const byId = new Map(owned.map((upload) => [upload.id, upload]));
  const uploads = new Map<string, UploadRow>();
  for (const [option, id] of attachments) {
    const upload = byId.get(id);
    if (!upload)
      throw badRequest(`The file for ${option.name} was not found among your uploads`, 'UPLOAD_NOT_FOUND');
    const accepted = (option.accepts ?? []).flatMap((extension) => MIME_OF_EXTENSION[extension] ?? []);
    if (!accepted.includes(upload.mime)) {
      throw badRequest(`${option.name} must be ${(option.accepts ?? []).join(', ')}`, 'WRONG_FILE_TYPE');
    }
    uploads.set(option.name, upload);
  }
  return { options: cleaned, uploads };
}

function checkValue(command: ActionCommand, option: CommandOption, value: unknown) {
  const where = `${option.name} of /${command.name}`;
  switch (option.type) {
    case 'string':
      if (typeof value !== 'string') throw badRequest(`${where} must be text`, 'BAD_OPTIONS');
      if (value.length > MAX_TEXT)
        throw badRequest(`${where} must be at most ${MAX_TEXT} characters`, 'BAD_OPTIONS');
      return value.trim();
    case 'boolean':
      if (typeof value !== 'boolean') throw badRequest(`${where} must be true or false`, 'BAD_OPTIONS');
      return value;
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw badRequest(`${where} must be a number`, 'BAD_OPTIONS');
      if (option.type === 'integer' && !Number.isInteger(value))
        throw badRequest(`${where} must be a whole number`, 'BAD_OPTIONS');
      if (
        (option.min !== undefined && value < option.min) ||
        (option.max !== undefined && value > option.max)
      ) {
        throw badRequest(`${where} must be between ${option.min} and ${option.max}`, 'BAD_OPTIONS');
      }
      return value;
    }
    case 'attachment':
      if (typeof value !== 'string' || !/^[0-9a-f-]{36}$/i.test(value)) {
        throw badRequest(`${where} must be the id of a file uploaded with POST /api/uploads`, 'BAD_OPTIONS');
      }
      return value;
  }
}
