import { ASPECT_FLAGS, LORA_FLAGS } from './flags.ts';
import { LIMITS } from './limits.ts';
import type { CommandDefinition, CommandLimit, CommandOption, JobCommandDefinition } from './types.ts';

const IMAGE_FILES = ['png', 'jpg', 'jpeg', 'webp'] as const;

/** One /make grid; the welcome grant is counted in these. */
export const MAKE_PRICE = 4;

/** A /make with a LoRA takes about a minute per image instead of seconds, so it costs double. */
export const LORA_MAKE_SURCHARGE = 4;

const imageOption = (name = 'image', description = 'The image to work on.'): CommandOption => ({
  name,
  type: 'attachment',
  required: true,
  description,
  accepts: IMAGE_FILES,
});

const denoiseOption: CommandOption = {
  name: 'denoise',
  type: 'number',
  required: false,
  description: 'How much may change: 0.1 keeps almost everything, 0.9 makes an almost new image.',
  min: LIMITS.denoise.min,
  max: LIMITS.denoise.max,
};

const denoiseLimit: CommandLimit = {
  key: 'denoise',
  label: 'Denoising strength',
  unit: 'ratio',
  min: LIMITS.denoise.min,
  max: LIMITS.denoise.max,
};

const gridLimit: CommandLimit = {
  key: 'grid',
  label: 'Images per answer (2×2 grid)',
  unit: 'images',
  value: LIMITS.imageGrid.columns * LIMITS.imageGrid.rows,
};

const fillLimit: CommandLimit = {
  key: 'fill',
  label: 'Added on each side that grows',
  unit: 'pixels',
  value: LIMITS.fillPixels,
};

const imageResult = { kind: 'queued-result', result: 'A 2×2 grid of images.' } as const;

const fill = (
  name: string,
  sides: 'tall' | 'wide' | 'both',
  price: number,
  direction: string,
  example: string,
): JobCommandDefinition => ({
  name,
  category: 'image',
  guide: 'fills',
  family: 'image',
  price,
  work: { kind: 'fill', denoise: 0.9, sides },
  summary: `Extend an image ${direction} with generative fill (${LIMITS.fillPixels} px per side).`,
  details: `The bot paints ${LIMITS.fillPixels} new pixels ${direction}, matching the style and light of your image. A prompt is optional and steers what appears in the new area.`,
  options: [
    imageOption('image', 'The image to extend.'),
    { name: 'prompt', type: 'string', required: false, description: 'What the new area should show.' },
  ],
  flags: [],
  limits: [fillLimit],
  examples: [
    { input: `/${name} image: castle.png prompt: ${example}`, note: `Grows the picture ${direction}.` },
  ],
  answer: { kind: 'queued-result', result: 'The extended image.' },
  channel: 'image',
});

export const IMAGE_COMMANDS: readonly CommandDefinition[] = [
  {
    name: 'make',
    category: 'image',
    guide: 'prompting',
    family: 'image',
    price: MAKE_PRICE,
    loraSurcharge: LORA_MAKE_SURCHARGE,
    work: { kind: 'txt2img' },
    summary: 'Turn a text prompt into a 2×2 grid of images.',
    details:
      'Describe what you want to see. Words in parentheses get more weight, a number after a colon sets the weight exactly, and a flag at the end picks the shape or a LoRA model.',
    options: [
      {
        name: 'prompt',
        type: 'string',
        required: true,
        description: 'What to draw; weighting and flags go in here too.',
      },
    ],
    flags: [...ASPECT_FLAGS, ...LORA_FLAGS],
    limits: [gridLimit],
    examples: [
      { input: '/make prompt: a lighthouse on a cliff at dusk, oil painting', note: 'A square 2×2 grid.' },
      {
        input: '/make prompt: a lighthouse on a cliff at dusk, ((stormy sky)), (people:0.6) -wide',
        note: 'A stormier sky, fewer people, widescreen.',
      },
      {
        input: '/make prompt: portrait of a fox knight -lora FoxKnight -loraweight 0.7 -34',
        note: 'Your own LoRA at weight 0.7, in 3:4 portrait.',
      },
    ],
    answer: imageResult,
    channel: 'image',
  },
  {
    name: 'describe',
    category: 'image',
    uploadForm: true,
    guide: 'editing',
    family: 'image',
    price: 1,
    work: { kind: 'interrogate' },
    summary: 'Upload an image and get a prompt that describes it.',
    details:
      'Useful when you like a picture and want to make something in the same spirit: copy the prompt into /make and change what you like.',
    options: [imageOption('image', 'The image to describe.')],
    flags: [],
    limits: [],
    examples: [{ input: '/describe image: sunset.jpg', note: 'Answers with a prompt you can reuse.' }],
    answer: { kind: 'immediate', result: 'A written prompt describing the image.' },
    channel: 'image',
  },
  {
    name: 'blend',
    category: 'image',
    uploadForm: true,
    guide: 'editing',
    family: 'image',
    price: 4,
    work: { kind: 'blend', denoise: 0.6 },
    summary: 'Mix two images into a new one.',
    details: 'Subjects, colours and style of both uploads are combined into a fresh 2×2 grid.',
    options: [imageOption('first', 'The first image.'), imageOption('second', 'The second image.')],
    flags: [],
    limits: [gridLimit],
    examples: [{ input: '/blend first: cat.png second: nebula.jpg', note: 'A cosmic cat, four ways.' }],
    answer: imageResult,
    channel: 'image',
  },
  {
    name: 'Change',
    category: 'image',
    uploadForm: true,
    guide: 'editing',
    family: 'image',
    price: 4,
    work: { kind: 'img2img', denoise: 0.6 },
    summary: 'Redraw your image to follow a new prompt.',
    details:
      'The bot keeps the layout of your upload and repaints it to match the prompt. Denoising sets how far it may go.',
    options: [
      imageOption('image', 'The image to change.'),
      { name: 'prompt', type: 'string', required: true, description: 'What the image should become.' },
      denoiseOption,
    ],
    flags: [],
    limits: [denoiseLimit],
    examples: [
      {
        input: '/Change image: street.jpg prompt: the same street in deep winter denoise: 0.6',
        note: 'A strong change.',
      },
    ],
    answer: imageResult,
    channel: 'image',
  },
  {
    name: 'adjust',
    category: 'image',
    guide: 'editing',
    family: 'image',
    price: 4,
    work: { kind: 'img2img', denoise: 0.25 },
    summary: 'Make small corrections to an image while keeping its look.',
    details:
      'Good for touch-ups: warmer light, a different expression, tidier details. Keep denoising low to stay close to the original.',
    options: [
      imageOption('image', 'The image to adjust.'),
      { name: 'prompt', type: 'string', required: true, description: 'The correction you want.' },
      denoiseOption,
    ],
    flags: [],
    limits: [denoiseLimit],
    examples: [
      {
        input: '/adjust image: portrait.png prompt: soft golden-hour light denoise: 0.2',
        note: 'A gentle touch-up.',
      },
    ],
    answer: imageResult,
    channel: 'image',
  },
  fill('filltall', 'tall', 3, 'above and below', 'more sky above, rocks below'),
  fill('fillwide', 'wide', 3, 'to the left and right', 'rolling hills on both sides'),
  fill('fillboth', 'both', 4, 'on all four sides', 'a wider view of the valley'),
];
