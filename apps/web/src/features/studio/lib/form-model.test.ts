import { getCommand } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { STUDIO_CATEGORIES, composeOptions, submitState } from './form-model.ts';

const make = getCommand('make');
const change = getCommand('Change');
const speak = getCommand('speak');
const rich = { credits: 100, hypercredits: 10 };

describe('the studio’s commands', () => {
  it('come from the registry by category, without help or listings', () => {
    expect(STUDIO_CATEGORIES.map((category) => category.id)).toEqual([
      'image',
      'video',
      'audio',
      'lipsync',
      'lora',
    ]);
    const names = STUDIO_CATEGORIES.flatMap((category) => category.commands.map((command) => command.name));
    expect(names).toContain('make');
    expect(names).toContain('loracreatefromzip');
    expect(names).not.toContain('help');
    expect(names).not.toContain('myloras');
  });
});

describe('composeOptions', () => {
  it('types the chosen flags after the prompt, as the bot reads them', () => {
    const options = composeOptions(
      make,
      { prompt: ' a castle ' },
      {},
      {
        aspect: '-wide',
        lora: { name: 'MyFace', weight: 0.7 },
      },
    );
    expect(options).toEqual({ prompt: 'a castle -wide -lora MyFace -loraweight 0.7' });
  });

  it('sends uploads by their id, and only finished ones', () => {
    const options = composeOptions(
      change,
      { prompt: 'winter', denoise: 0.4 },
      {
        image: { name: 'a.png', progress: 1, uploadId: 'u-1' },
      },
      {},
    );
    expect(options).toEqual({ prompt: 'winter', denoise: 0.4, image: 'u-1' });
    expect(composeOptions(change, {}, { image: { name: 'a.png', progress: 0.5 } }, {})).toEqual({});
  });
});

describe('submitState', () => {
  const base = { values: {}, uploads: {}, choices: {}, balance: rich };

  it('prices a make in credits, and a LoRA make higher', () => {
    expect(submitState({ ...base, command: make, values: { prompt: 'a cat' } })).toMatchObject({
      cost: { credits: 4, hypercredits: 0 },
      currency: 'credits',
      reason: null,
    });
    const withLora = submitState({
      ...base,
      command: make,
      values: { prompt: 'a cat' },
      choices: { lora: { name: 'Me', weight: 0.8 } },
    });
    expect(withLora.cost.credits).toBeGreaterThan(4);
  });

  it('prices speech in hypercredits', () => {
    expect(submitState({ ...base, command: speak, values: { text: 'hi' } })).toMatchObject({
      currency: 'hypercredits',
      cost: { credits: 0, hypercredits: 2 },
    });
  });

  it('says why Create cannot be pressed, and whether that is a problem to fix or a next step', () => {
    const cases: [Partial<Parameters<typeof submitState>[0]>, string, boolean][] = [
      [{ command: make }, 'Type a prompt first.', false],
      [{ command: change, values: { prompt: 'x' } }, 'Add a file for Image.', false],
      [
        { command: change, values: { prompt: 'x' }, uploads: { image: { name: 'a.png', progress: 0.3 } } },
        'Image is still uploading.',
        false,
      ],
      [
        {
          command: change,
          values: { prompt: 'x' },
          uploads: {
            image: { name: 'a.gif', progress: 0, error: 'a.gif is not a png, jpg, jpeg, webp file.' },
          },
        },
        'Image: a.gif is not a png, jpg, jpeg, webp file.',
        true,
      ],
      [
        { command: make, values: { prompt: 'a cat' }, balance: { credits: 3, hypercredits: 0 } },
        'Not enough credits: this costs 4 and you have 3.',
        true,
      ],
      [{ command: make, values: { prompt: 'a cat' }, balance: null }, 'Sign in to create.', false],
    ];
    for (const [input, reason, problem] of cases) {
      expect(submitState({ ...base, command: make, ...input })).toMatchObject({ reason, problem });
    }
  });
});
