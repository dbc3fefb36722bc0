import { LIMITS } from './limits.ts';
import type { CommandDefinition, CommandLimit, CommandOption } from './types.ts';

const { lora } = LIMITS;

const nameOption = (description: string): CommandOption => ({
  name: 'name',
  type: 'string',
  required: true,
  description,
});

const trainingLimit: CommandLimit = {
  key: 'training',
  label: 'Training time',
  unit: 'minutes',
  value: lora.trainingMinutes,
  approximate: true,
};

const trainingAnswer = {
  kind: 'queued-dm',
  result: 'Training starts, and a direct message tells you when the model is ready.',
} as const;

/** One attachment option per training image: image1 … image8. */
const trainingImages: CommandOption[] = Array.from({ length: lora.createImages }, (_, index) => ({
  name: `image${index + 1}`,
  type: 'attachment',
  required: true,
  description: `Training image ${index + 1} of ${lora.createImages}.`,
  accepts: lora.zipImageFormats,
}));

export const LORA_COMMANDS: readonly CommandDefinition[] = [
  {
    name: 'loracreate',
    category: 'lora',
    uploadForm: true,
    guide: 'lora-training',
    family: 'lora',
    price: 400,
    work: { kind: 'lora-training', fromZip: false },
    summary: `Train your own LoRA image model from ${lora.createImages} images.`,
    details: `Give the model a short name and upload ${lora.createImages} images of one subject or style. Vary the angles, light and backgrounds so the model learns what they share.`,
    options: [nameOption('A short name; you type it exactly after -lora.'), ...trainingImages],
    flags: [],
    limits: [
      { key: 'images', label: 'Training images', unit: 'images', value: lora.createImages },
      trainingLimit,
    ],
    examples: [
      { input: '/loracreate name: FoxKnight image1: fox1.png … image8: fox8.png', note: 'Eight uploads.' },
    ],
    answer: trainingAnswer,
  },
  {
    name: 'loracreatefromzip',
    category: 'lora',
    guide: 'lora-training',
    family: 'lora',
    price: 400,
    work: { kind: 'lora-training', fromZip: true },
    summary: `Train a LoRA from a ZIP of ${lora.zipImages.min}-${lora.zipImages.max} png or jpg images.`,
    details: `More images teach more detail. Put ${lora.zipImages.min} to ${lora.zipImages.max} png or jpg files in one ZIP, with no folders inside.`,
    options: [
      nameOption('A short name; you type it exactly after -lora.'),
      {
        name: 'zip',
        type: 'attachment',
        required: true,
        description: `A ZIP of ${lora.zipImages.min}-${lora.zipImages.max} png or jpg images.`,
        accepts: ['zip'],
      },
    ],
    flags: [],
    limits: [
      {
        key: 'zip-images',
        label: 'Images in the ZIP',
        unit: 'images',
        min: lora.zipImages.min,
        max: lora.zipImages.max,
      },
      trainingLimit,
    ],
    examples: [
      { input: '/loracreatefromzip name: InkWash zip: ink-wash-set.zip', note: 'A style from 30 paintings.' },
    ],
    answer: trainingAnswer,
  },
  {
    name: 'myloras',
    category: 'lora',
    guide: 'lora-managing',
    general: true,
    summary: 'List the LoRA models you have trained.',
    details: 'Shows each model with its exact name, ready to copy after -lora.',
    options: [],
    flags: [],
    limits: [],
    examples: [{ input: '/myloras', note: 'Your models, only visible to you.' }],
    answer: { kind: 'immediate', result: 'A list of your models, visible only to you.' },
  },
  {
    name: 'remlora',
    category: 'lora',
    guide: 'lora-managing',
    general: true,
    summary: 'Delete one of your LoRA models.',
    details: 'The name is case-sensitive, as with -lora. Deleted models cannot be brought back.',
    options: [nameOption('The exact name of the model to delete.')],
    flags: [],
    limits: [],
    examples: [{ input: '/remlora name: FoxKnight', note: 'Removes the FoxKnight model.' }],
    answer: { kind: 'immediate', result: 'A confirmation, visible only to you.' },
  },
];

export const GENERAL_COMMANDS: readonly CommandDefinition[] = [
  {
    name: 'help',
    category: 'general',
    guide: 'everyday',
    general: true,
    summary: 'Show the commands and a link to these guides.',
    details: 'Name a command to see its options and an example right in the chat.',
    options: [{ name: 'command', type: 'string', required: false, description: 'A command to explain.' }],
    flags: [],
    limits: [],
    examples: [
      { input: '/help', note: 'The overview.' },
      { input: '/help command: make', note: 'Just /make.' },
    ],
    answer: { kind: 'immediate', result: 'A help message, visible only to you.' },
  },
  {
    name: 'info',
    category: 'general',
    guide: 'everyday',
    general: true,
    summary: 'Your plan, balances, jobs in progress and defaults.',
    details:
      'Shows your plan with its renewal or end date and what it grants each period, your credits and ' +
      'hypercredits, each of your queued and running jobs with its place in line and about how long it ' +
      'will wait, and your defaults.',
    options: [],
    flags: [],
    limits: [],
    examples: [{ input: '/info', note: 'Your account at a glance, only visible to you.' }],
    answer: { kind: 'immediate', result: 'Your account, visible only to you.' },
  },
  {
    name: 'show',
    category: 'general',
    guide: 'everyday',
    general: true,
    summary: 'Bring back a result by its job id, with its buttons.',
    details:
      'Posts the result again with all its buttons (upscale, vary, zoom, pan), so you can keep working on ' +
      'it. Your own results work always; someone else’s only when it is public. A private result is ' +
      'shown only to you.',
    options: [
      { name: 'job', type: 'string', required: true, description: 'The job id, as the studio shows it.' },
    ],
    flags: [],
    limits: [],
    examples: [{ input: '/show job: 0f8fad5b-d9cb-469f-a165-70867728950e', note: 'That result again.' }],
    answer: { kind: 'immediate', result: 'The result with its buttons.' },
  },
  {
    name: 'fast',
    category: 'general',
    guide: 'everyday',
    general: true,
    summary: 'Run your next jobs in fast mode: they spend their price in credits.',
    details:
      'Fast mode is the standard: every job costs its listed price and runs in the order of your plan. ' +
      'It stays your mode here and in the studio until you choose another.',
    options: [],
    flags: [],
    limits: [],
    examples: [{ input: '/fast', note: 'Back to paying credits for quick results.' }],
    answer: { kind: 'immediate', result: 'Your mode, visible only to you.' },
  },
  {
    name: 'relax',
    category: 'general',
    guide: 'everyday',
    general: true,
    summary: 'Run your next jobs in relax mode: no credits, on the GPUs’ free time.',
    details:
      'On plans that include it, relax jobs cost nothing. They run when no fast or turbo job is waiting, ' +
      'so they take longer at busy times; those who used relax least this period go first, and that ' +
      'count starts again when your plan renews. Some plans allow a number of relax jobs a day.',
    options: [],
    flags: [],
    limits: [],
    examples: [{ input: '/relax', note: 'Your next /make costs 0 credits.' }],
    answer: { kind: 'immediate', result: 'Your mode, visible only to you.' },
  },
  {
    name: 'turbo',
    category: 'general',
    guide: 'everyday',
    general: true,
    summary: 'Run your next jobs in turbo mode: twice the price, ahead of fast work.',
    details:
      'On plans that include it, turbo jobs cost twice their price and run before every fast job waiting. ' +
      'It stays your mode until you choose /fast or /relax.',
    options: [],
    flags: [],
    limits: [],
    examples: [{ input: '/turbo', note: 'The next /make costs 8 credits and jumps the fast queue.' }],
    answer: { kind: 'immediate', result: 'Your mode, visible only to you.' },
  },
  {
    name: 'settings',
    category: 'general',
    guide: 'everyday',
    general: true,
    summary: 'Choose your default aspect, privacy and LoRA weight.',
    details:
      'Menus and buttons set the aspect your image prompts get when they name none (for example -wide), ' +
      'the -loraweight used when a prompt names a LoRA without one, and, on a paid plan, whether new ' +
      'creations start private. They apply to your next commands here and in the studio, where the same ' +
      'settings are editable.',
    options: [],
    flags: [],
    limits: [],
    examples: [{ input: '/settings', note: 'Your defaults, only visible to you, ready to change.' }],
    answer: { kind: 'immediate', result: 'Your settings with menus to change them, visible only to you.' },
  },
];
