import type { UserRow } from '@app/db';
import { type BotTexts, type CommandDefinition, botTexts } from '@app/domain';
import {
  type APIModalInteractionResponseCallbackData,
  ComponentType,
  InteractionResponseType,
  TextInputStyle,
} from 'discord-api-types/v10';
import { MAX_GENERATION_UPLOAD_BYTES } from '../jobs/store-upload.ts';
import type { BotDeps } from './bot-deps.ts';
import { ephemeral } from './messages.ts';
import type { AttachmentRef, ParsedInteraction } from './parse-interaction.ts';
import { type InteractionReply, message } from './replies.ts';
import { findSlashCommand, runCommand } from './run-command.ts';

type Upload = Extract<ParsedInteraction, { kind: 'upload' }>;

/** Discord's limits: a File Upload takes at most 10 files, a modal's title 45 characters. */
const MAX_FILES = 10;

/** The command's attachment options the form fills, in the registry's order. */
const fileOptions = (definition: CommandDefinition) =>
  definition.options.filter((option) => option.type === 'attachment' && option.required);
/** Its other options, as the form's text fields. */
const textOptions = (definition: CommandDefinition) =>
  definition.options.filter((option) => option.type !== 'attachment' && option.type !== 'boolean');

/** The kinds of file the command takes, as the File Upload's `file_types` filter (dot-prefixed). */
function fileTypes(definition: CommandDefinition): `.${string}`[] {
  const kinds = new Set(fileOptions(definition).flatMap((option) => option.accepts ?? []));
  // Discord asks for .jpg beside .jpeg on images, for its mobile clients.
  if (kinds.has('jpeg')) kinds.add('jpg');
  return [...kinds].slice(0, 10).map((kind): `.${string}` => `.${kind}`);
}

/** Whether a command sent without its files opens the upload form rather than failing. */
export function needsUploadForm(definition: CommandDefinition, attachments: Record<string, AttachmentRef>) {
  return (
    Boolean(definition.uploadForm) && fileOptions(definition).some((option) => !attachments[option.name])
  );
}

/**
 * The upload form: a File Upload taking exactly the command's files (with the type filter), and a
 * text field for each other option, filled with what was typed.
 */
export function uploadModal(
  definition: CommandDefinition,
  typed: Record<string, string | number | boolean>,
  texts: BotTexts,
): APIModalInteractionResponseCallbackData {
  const count = Math.min(fileOptions(definition).length, MAX_FILES);
  const types = fileTypes(definition);
  return {
    custom_id: `upload:${definition.name.toLowerCase()}`,
    title: `/${definition.name}`.slice(0, 45),
    components: [
      {
        type: ComponentType.Label,
        label: texts.upload.files(count).slice(0, 45),
        description: texts.upload
          .hint(types.join(' '), MAX_GENERATION_UPLOAD_BYTES / 1024 / 1024)
          .slice(0, 100),
        component: {
          type: ComponentType.FileUpload,
          custom_id: 'files',
          min_values: count,
          max_values: count,
          file_types: types,
          required: true,
        },
      },
      ...textOptions(definition)
        .slice(0, 4)
        .map((option) => ({
          type: ComponentType.Label as const,
          label: option.name,
          description: option.description.slice(0, 100),
          component: {
            type: ComponentType.TextInput as const,
            custom_id: option.name,
            style: option.name === 'prompt' ? TextInputStyle.Paragraph : TextInputStyle.Short,
            required: option.required,
            max_length: option.name === 'prompt' ? 2000 : 100,
            ...(typed[option.name] !== undefined ? { value: String(typed[option.name]).slice(0, 2000) } : {}),
          },
        })),
    ],
  };
}

/** Opens the form for a command sent without its files. */
export function openUploadForm(
  definition: CommandDefinition,
  typed: Record<string, string | number | boolean>,
  texts: BotTexts,
): InteractionReply {
  return { type: InteractionResponseType.Modal, data: uploadModal(definition, typed, texts) };
}

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
