import type { BotTexts, CommandDefinition } from '@app/domain';
import {
  type APIModalInteractionResponseCallbackData,
  ComponentType,
  InteractionResponseType,
  TextInputStyle,
} from 'discord-api-types/v10';
import { MAX_GENERATION_UPLOAD_BYTES } from '../jobs/store-upload.ts';
import type { AttachmentRef } from './parse-interaction.ts';
import type { InteractionReply } from './replies.ts';

/** Discord's limits: a File Upload takes at most 10 files, a modal's title 45 characters. */
const MAX_FILES = 10;

/** The command's attachment options the form fills, in the registry's order. */
export const fileOptions = (definition: CommandDefinition) =>
  definition.options.filter((option) => option.type === 'attachment' && option.required);
/** Its other options, as the form's text fields. */
export const textOptions = (definition: CommandDefinition) =>
  definition.options.filter((option) => option.type !== 'attachment' && option.type !== 'boolean');

/** The kinds of file the command takes, as the File Upload's `file_types` filter (dot-prefixed). */
export function fileTypes(definition: CommandDefinition): `.${string}`[] {
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
