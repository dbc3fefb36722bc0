import type { UserRow } from '@app/db';
import { botTexts } from '@app/domain';
import { MAX_GENERATION_UPLOAD_BYTES } from '../jobs/store-upload.ts';
import type { BotDeps } from './bot-deps.ts';
import { ephemeral } from './messages.ts';
import type { ParsedInteraction } from './parse-interaction.ts';
import { type InteractionReply, message } from './replies.ts';
import { findSlashCommand, runCommand } from './run-command.ts';
import { fileOptions, fileTypes, textOptions } from './upload-form.ts';

type Upload = Extract<ParsedInteraction, { kind: 'upload' }>;

/**
 * The form's submit: the files become the command's attachment options in order and the fields its
 * other options; then the command runs as if typed (the submit's interaction id keys its job). A
 * file of the wrong kind or size, or the wrong number of them, is refused before anything is
 * downloaded or charged.
 */
export async function submitUpload(deps: BotDeps, user: UserRow, upload: Upload): Promise<InteractionReply> {
  const t = botTexts(upload.base.locale);
  const definition = findSlashCommand(upload.name);
  if (!definition?.uploadForm) return message(ephemeral(t.buttonGone));
  const wanted = fileOptions(definition);
  if (upload.files.length !== wanted.length) return message(ephemeral(t.upload.wrongCount(wanted.length)));
  const types = fileTypes(definition);
  const mib = MAX_GENERATION_UPLOAD_BYTES / 1024 / 1024;
  for (const file of upload.files) {
    const extension = file.filename.includes('.') ? `.${file.filename.split('.').pop()!.toLowerCase()}` : '';
    if (!(types as string[]).includes(extension))
      return message(ephemeral(t.upload.wrongType(file.filename, types.join(' '))));
    if (file.size > MAX_GENERATION_UPLOAD_BYTES)
      return message(ephemeral(t.upload.tooBig(file.filename, mib)));
  }
  const options: Record<string, string | number | boolean> = {};
  for (const option of textOptions(definition)) {
    const value = upload.fields[option.name]?.trim();
    if (!value) continue;
    if (option.type === 'number' || option.type === 'integer') {
      const number = Number(value);
      if (!Number.isFinite(number)) return message(ephemeral(t.upload.notANumber(option.name)));
      options[option.name] = number;
    } else options[option.name] = value;
  }
  const attachments = Object.fromEntries(wanted.map((option, at) => [option.name, upload.files[at]!]));
  return runCommand(deps, user, {
    kind: 'command',
    base: upload.base,
    name: upload.name,
    options,
    attachments,
  });
}
