import type { UserRow } from '@app/db';
import { getCommand } from '@app/domain';
import { describe, expect, it } from 'vitest';
import type { BotDeps } from './bot-deps.ts';
import type { InteractionBase } from './parse-interaction.ts';
import { submitUpload } from './submit-upload.ts';
import { uploadModal } from './upload-form.ts';
import { BOT_TEXTS_EN } from '@app/domain';

const base = { id: '1', locale: 'en', context: 1, reach: 'member' } as unknown as InteractionBase;
// Refusals come before anything is asked of the database, the storage or Discord.
const deps = {} as BotDeps;
const user = {} as UserRow;
const file = (filename: string, size = 1000) => ({ url: 'https://cdn/x', filename, size });
const reply = (files: ReturnType<typeof file>[], name = 'describe') =>
  submitUpload(deps, user, { kind: 'upload', base, name, fields: {}, files });
const text = (answer: Awaited<ReturnType<typeof reply>>) =>
  'data' in answer ? String((answer.data as { content?: string }).content) : '';

describe('the upload form', () => {
  it('asks for exactly the command’s files, of its kinds, beside its other options', () => {
    const loras = uploadModal(getCommand('loracreate'), { name: 'Fox' }, BOT_TEXTS_EN);
    expect(loras.components[0]).toMatchObject({
      type: 18,
      component: { type: 19, min_values: 8, max_values: 8, file_types: ['.png', '.jpg'] },
    });
    expect(loras.components[1]).toMatchObject({ component: { type: 4, custom_id: 'name', value: 'Fox' } });
    const blend = uploadModal(getCommand('blend'), {}, BOT_TEXTS_EN);
    expect(blend.components[0]).toMatchObject({ component: { min_values: 2, max_values: 2 } });
  });

  it('refuses a file of the wrong kind or size, or the wrong number of files, before anything is charged', async () => {
    expect(text(await reply([file('notes.txt')]))).toMatch(/notes\.txt is not one of .*nothing was charged/);
    expect(text(await reply([file('huge.png', 200 * 1024 * 1024)]))).toMatch(
      /larger than .*nothing was charged/,
    );
    expect(text(await reply([file('a.png'), file('b.png')]))).toMatch(/exactly 1 file; nothing was charged/);
    expect(text(await reply([file('a.png')], 'make'))).toBe('That button no longer works.');
  });
});
