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

  it('says why Create cannot be pressed', () => {
    expect(submitState({ ...base, command: make }).reason).toBe('Type a prompt first.');
    expect(submitState({ ...base, command: change, values: { prompt: 'x' } }).reason).toBe(
      'Add a file for Image.',
    );
    expect(
      submitState({
        ...base,
        command: change,
        values: { prompt: 'x' },
        uploads: { image: { name: 'a.png', progress: 0.3 } },
      }).reason,
    ).toBe('Image is still uploading.');
    expect(
      submitState({
        ...base,
        command: change,
        values: { prompt: 'x' },
        uploads: {
          image: { name: 'a.gif', progress: 0, error: 'a.gif is not a png, jpg, jpeg, webp file.' },
        },
      }).reason,
    ).toBe('Image: a.gif is not a png, jpg, jpeg, webp file.');
    expect(
      submitState({
        ...base,
        command: make,
        values: { prompt: 'a cat' },
        balance: { credits: 3, hypercredits: 0 },
      }).reason,
    ).toBe('Not enough credits: this costs 4 and you have 3.');
    expect(submitState({ ...base, command: make, values: { prompt: 'a cat' }, balance: null }).reason).toBe(
      'Sign in to create.',
    );
  });

  it('tells a next step from a problem to fix', () => {
    expect(submitState({ ...base, command: make }).problem).toBe(false);
    expect(
      submitState({
        ...base,
        command: change,
        values: { prompt: 'x' },
        uploads: { image: { name: 'a.png', progress: 0.3 } },
      }).problem,
    ).toBe(false);
    expect(
      submitState({
        ...base,
        command: change,
        values: { prompt: 'x' },
        uploads: {
          image: { name: 'a.gif', progress: 0, error: 'a.gif is not a png, jpg, jpeg, webp file.' },
        },
      }).problem,
    ).toBe(true);
    expect(
      submitState({
        ...base,
        command: make,
        values: { prompt: 'a cat' },
        balance: { credits: 3, hypercredits: 0 },
      }).problem,
    ).toBe(true);
  });
});
