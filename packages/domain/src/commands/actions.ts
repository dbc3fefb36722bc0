import { LIMITS } from './limits.ts';
import type { CommandDefinition, CommandOption, JobWork, OutpaintFrame, PanDirection } from './types.ts';

/** What a job made by a result's action accepts: the options checked at submission like every command's. */
export type ActionCommand = Pick<CommandDefinition, 'name' | 'options'>;

/**
 * A result action: a job of its own that no one types, made from a finished image. Its definition
 * carries its price, family and kind of work; the prices, the guides, the studio and the Discord
 * buttons read it.
 */
export interface ActionDefinition extends ActionCommand, JobWork {
  /** The button's words (`Upscale 2×`, `Vary (Subtle)`). */
  label: string;
  /** One line for the guides and the studio. */
  summary: string;
  /**
   * Under a grid, one button per image with this letter and the image's number (`U2`, `V3`);
   * absent when the action is not offered per image of a grid.
   */
  perImage?: 'U' | 'V';
  /** Offered under a single image (an upscaled or outpainted result). */
  single: boolean;
  /** Offered only when the image is not square already (Make Square). */
  notSquare?: true;
  /** The action asks for a factor (Custom Zoom): a modal with the prompt and the factor. */
  asksFactor?: true;
  /** With Remix on, a press first opens a modal with the prompt to edit. */
  remixable: boolean;
}

const FROM_PROMPT: CommandOption = {
  name: 'prompt',
  type: 'string',
  required: false,
  description: 'The prompt of the image this is made from.',
};

const GRID_IMAGES = LIMITS.imageGrid.columns * LIMITS.imageGrid.rows;

const INDEX: CommandOption = {
  name: 'index',
  type: 'integer',
  required: false,
  description: `Which image of a grid to work from, 1 to ${GRID_IMAGES} (default 1).`,
  min: 1,
  max: GRID_IMAGES,
};

const FACTOR: CommandOption = {
  name: 'factor',
  type: 'number',
  required: true,
  description: `How far to zoom out, ${LIMITS.zoom.min} to ${LIMITS.zoom.max}.`,
  min: LIMITS.zoom.min,
  max: LIMITS.zoom.max,
};

const FROM_IMAGE = [FROM_PROMPT, INDEX] as const;

/** How freely the new border of an outpaint is painted. */
const OUTPAINT_DENOISE = 0.85;

const outpaint = <N extends string>(
  name: N,
  label: string,
  summary: string,
  frame: OutpaintFrame,
  extra: Partial<Omit<ActionDefinition, 'name'>> = {},
): ActionDefinition & { name: N } => ({
  label,
  summary,
  family: 'image',
  price: 4,
  work: { kind: 'outpaint', denoise: OUTPAINT_DENOISE, frame },
  options: FROM_IMAGE,
  single: true,
  remixable: true,
  ...extra,
  name,
});

const PAN_WORDS: Record<PanDirection, string> = {
  left: 'Left',
  right: 'Right',
  up: 'Up',
  down: 'Down',
};

const pan = <D extends PanDirection>(direction: D) =>
  outpaint(
    `pan-${direction}` as const,
    `Pan ${PAN_WORDS[direction]}`,
    `Extends the image by half its ${direction === 'left' || direction === 'right' ? 'width' : 'height'} to the ${direction === 'up' ? 'top' : direction === 'down' ? 'bottom' : direction}, continuing the picture.`,
    { type: 'pan', direction },
  );

/** Every result action, in the order its buttons appear. */
export const IMAGE_ACTION_DEFINITIONS = [
  {
    name: 'vary',
    label: 'Vary',
    summary: 'Four variations close to the image (under a grid: V1–V4, one image each).',
    family: 'image',
    price: 4,
    work: { kind: 'variation', denoise: 0.4 },
    options: FROM_IMAGE,
    perImage: 'V',
    single: false,
    remixable: true,
  },
  {
    name: 'gif',
    label: 'GIF',
    summary: 'Turns the result into an animated GIF.',
    family: 'image',
    price: 2,
    work: { kind: 'animate' },
    options: [FROM_PROMPT],
    single: false,
    remixable: false,
  },
  {
    name: 'upscale-2x',
    label: 'Upscale 2×',
    summary: 'The image at twice its width and height, with sharper detail (under a grid: U1–U4).',
    family: 'image',
    price: 2,
    work: { kind: 'upscale', factor: 2 },
    options: FROM_IMAGE,
    perImage: 'U',
    single: true,
    remixable: false,
  },
  {
    name: 'upscale-4x',
    label: 'Upscale 4×',
    summary: 'The image at four times its width and height, with sharper detail.',
    family: 'image',
    price: 4,
    work: { kind: 'upscale', factor: 4 },
    options: FROM_IMAGE,
    single: true,
    remixable: false,
  },
  {
    name: 'vary-subtle',
    label: 'Vary (Subtle)',
    summary: 'Four variations that stay close to the image.',
    family: 'image',
    price: 4,
    work: { kind: 'variation', denoise: 0.35 },
    options: FROM_IMAGE,
    single: true,
    remixable: true,
  },
  {
    name: 'vary-strong',
    label: 'Vary (Strong)',
    summary: 'Four variations that move further from the image.',
    family: 'image',
    price: 4,
    work: { kind: 'variation', denoise: 0.75 },
    options: FROM_IMAGE,
    single: true,
    remixable: true,
  },
  outpaint(
    'zoom-out-1.5x',
    'Zoom Out 1.5×',
    'A canvas 1.5 times as large around the image, the new border painted to continue it.',
    { type: 'zoom', factor: 1.5 },
  ),
  outpaint(
    'zoom-out-2x',
    'Zoom Out 2×',
    'A canvas twice as large around the image, the new border painted to continue it.',
    { type: 'zoom', factor: 2 },
  ),
  outpaint(
    'zoom-custom',
    'Custom Zoom',
    `Zoom out by a factor you choose from ${LIMITS.zoom.min} to ${LIMITS.zoom.max}, with the prompt to edit.`,
    { type: 'zoom' },
    { options: [...FROM_IMAGE, FACTOR], asksFactor: true },
  ),
  pan('left'),
  pan('right'),
  pan('up'),
  pan('down'),
  outpaint(
    'make-square',
    'Make Square',
    'Grows the short sides of a wide or tall image until it is square.',
    { type: 'square' },
    { notSquare: true },
  ),
] as const satisfies readonly ActionDefinition[];

export type ImageActionName = (typeof IMAGE_ACTION_DEFINITIONS)[number]['name'];

export const IMAGE_ACTION_NAMES = IMAGE_ACTION_DEFINITIONS.map((action) => action.name) as [
  ImageActionName,
  ...ImageActionName[],
];

/** The definitions as their common shape, for code that reads any of them. */
export const IMAGE_ACTION_LIST: readonly ActionDefinition[] = IMAGE_ACTION_DEFINITIONS;

/** Kept for the submission's option check: what each action job accepts. */
export const IMAGE_ACTION_COMMANDS: readonly ActionCommand[] = IMAGE_ACTION_LIST;

export function findActionCommand(name: string): ActionDefinition | undefined {
  return IMAGE_ACTION_LIST.find((command) => command.name === name);
}

export function isImageAction(name: string): name is ImageActionName {
  return IMAGE_ACTION_LIST.some((command) => command.name === name);
}

/**
 * How many images of a result an action may pick from: a grid result stores its images and then
 * the grid itself, so 5 stored images are 4 to pick from; a single image is one.
 */
export function pickableImages(storedImages: number): number {
  return storedImages > GRID_IMAGES ? GRID_IMAGES : Math.min(storedImages, 1);
}
