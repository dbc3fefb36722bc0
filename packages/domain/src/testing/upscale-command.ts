import type { JobCommandDefinition } from '../commands/types.ts';

/**
 * A command that exists only in tests: adding it to the registry (with `vi.mock` of the image
 * commands) shows that one definition is all a new command of an existing kind of work needs.
 */
export const UPSCALE_FIXTURE: JobCommandDefinition = {
  name: 'upscale',
  category: 'image',
  guide: 'editing',
  family: 'image',
  price: 6,
  work: { kind: 'img2img', denoise: 0.3 },
  summary: 'Redraw an image at a larger size with finer detail.',
  details: 'The upload is repainted lightly, keeping its layout and colours.',
  options: [
    {
      name: 'image',
      type: 'attachment',
      required: true,
      description: 'The image to upscale.',
      accepts: ['png', 'jpg'],
    },
    { name: 'prompt', type: 'string', required: true, description: 'What the detail should show.' },
  ],
  flags: [],
  limits: [],
  examples: [{ input: '/upscale image: fox.png prompt: crisp fur', note: 'A sharper fox.' }],
  answer: { kind: 'queued-result', result: 'A 2×2 grid of images.' },
  channel: 'image',
};
