import {
  IMAGE_ACTION_LIST,
  LIMITS,
  type ImageActionName,
  findActionCommand,
  isImageAction,
  pickableImages,
} from '@app/domain';
import {
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIModalInteractionResponseCallbackData,
  ButtonStyle,
  ComponentType,
  TextInputStyle,
} from 'discord-api-types/v10';

/** Which image actions a result offers: per image under a grid, the single-image set otherwise. */
export type ActionSet = { kind: 'grid'; images: number } | { kind: 'single'; square: boolean };

/** Discord's limits on a message's components. */
export const MAX_ROWS = 5;
export const MAX_PER_ROW = 5;
export const MAX_CUSTOM_ID = 100;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ACTION_ID = new RegExp(`^act:([a-z0-9.-]{1,24}):([1-9]):(${UUID})$`);

/** `act:<action>:<image>:<jobId>`: the custom id of an image action's button and of its modal. */
export const actionCustomId = (action: ImageActionName, index: number, jobId: string) =>
  `act:${action}:${index}:${jobId}`;

/** The action, image and job of an image action's custom id; null when it is not a current one. */
export function parseActionCustomId(
  customId: string,
): { action: ImageActionName; index: number; jobId: string } | null {
  const match = customId.length <= MAX_CUSTOM_ID ? ACTION_ID.exec(customId) : null;
  if (!match || !isImageAction(match[1]!)) return null;
  return { action: match[1], index: Number(match[2]), jobId: match[3]! };
}

/** The action set for a result's stored images: a grid's four and the grid, or one image. */
export function actionSetOf(
  images: readonly { width: number | null; height: number | null }[],
): ActionSet | undefined {
  const pickable = pickableImages(images.length);
  if (pickable === 0) return undefined;
  if (pickable > 1) return { kind: 'grid', images: pickable };
  const [image] = images;
  return { kind: 'single', square: image!.width !== null && image!.width === image!.height };
}

const button = (
  action: ImageActionName,
  index: number,
  jobId: string,
  label: string,
): APIButtonComponent => ({
  type: ComponentType.Button,
  style: ButtonStyle.Secondary,
  custom_id: actionCustomId(action, index, jobId),
  label,
});

/**
 * The rows of image-action buttons, read from the registry. Under a grid, one row per per-image
 * action (U1–U4, V1–V4, each with its word); under a single image, the single-image actions in
 * rows of five (Make Square only when the image is not square).
 */
export function actionRows(jobId: string, set: ActionSet): APIActionRowComponent<APIButtonComponent>[] {
  if (set.kind === 'grid') {
    // Upscales on the first row, variations on the second, as people know them from other bots.
    const perImage = (['U', 'V'] as const).flatMap((letter) =>
      IMAGE_ACTION_LIST.filter((action) => action.perImage === letter),
    );
    return perImage.map((action) => ({
      type: ComponentType.ActionRow,
      components: Array.from({ length: Math.min(set.images, MAX_PER_ROW) }, (_, at) =>
        button(
          action.name as ImageActionName,
          at + 1,
          jobId,
          `${action.perImage}${at + 1} ${action.perImage === 'U' ? 'Upscale' : 'Vary'}`,
        ),
      ),
    }));
  }
  const buttons = IMAGE_ACTION_LIST.filter(
    (action) => action.single && !(action.notSquare && set.square),
  ).map((action) => button(action.name as ImageActionName, 1, jobId, action.label));
  const rows: APIActionRowComponent<APIButtonComponent>[] = [];
  for (let at = 0; at < buttons.length; at += MAX_PER_ROW) {
    rows.push({ type: ComponentType.ActionRow, components: buttons.slice(at, at + MAX_PER_ROW) });
  }
  return rows;
}

/** Custom Zoom's modal: the prompt to edit and the factor. */
export function actionModal(
  action: ImageActionName,
  index: number,
  jobId: string,
  prompt: string,
): APIModalInteractionResponseCallbackData {
  const definition = findActionCommand(action)!;
  const rows: APIModalInteractionResponseCallbackData['components'] = [
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.TextInput,
          custom_id: 'prompt',
          label: 'Prompt',
          style: TextInputStyle.Paragraph,
          value: prompt.slice(0, 2000),
          required: false,
          max_length: 2000,
        },
      ],
    },
  ];
  if (definition.asksFactor) {
    rows.push({
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.TextInput,
          custom_id: 'factor',
          label: `Zoom factor (${LIMITS.zoom.min} to ${LIMITS.zoom.max})`,
          style: TextInputStyle.Short,
          value: '1.5',
          required: true,
          max_length: 4,
        },
      ],
    });
  }
  return { custom_id: actionCustomId(action, index, jobId), title: definition.label, components: rows };
}
