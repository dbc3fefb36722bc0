import { IMAGE_ACTION_LIST, type ImageActionName } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { MAX_CUSTOM_ID, actionCustomId, actionSetOf, parseActionCustomId } from './action-components.ts';
import { resultComponents } from './messages.ts';
import { parseInteraction, splitCustomId } from './parse-interaction.ts';

const JOB = '0f8fad5b-d9cb-469f-a165-70867728950e';
const SINGLES = [1, 2, 3, 4].map((n) => `https://example.test/media/${n}.png`);

type Button = { custom_id?: string; label?: string; url?: string };
const buttonsOf = (rows: ReturnType<typeof resultComponents>) =>
  rows.flatMap((row) => row.components) as Button[];

/** Discord's rules for a message's components. */
function expectWithinDiscordRules(rows: ReturnType<typeof resultComponents>) {
  expect(rows.length).toBeLessThanOrEqual(5);
  for (const row of rows) expect(row.components.length).toBeLessThanOrEqual(5);
  for (const button of buttonsOf(rows)) {
    expect(button.label).toMatch(/[A-Za-z]{2,}/);
    if (button.custom_id) expect(button.custom_id.length).toBeLessThanOrEqual(MAX_CUSTOM_ID);
  }
}

describe('image action buttons', () => {
  it('puts U1–U4 and V1–V4 under a grid after the six result buttons and the image links', () => {
    const rows = resultComponents(JOB, {
      image: true,
      loves: 0,
      singles: SINGLES,
      actions: actionSetOf([...Array(5)].map(() => ({ width: 64, height: 64 }))),
    });
    expectWithinDiscordRules(rows);
    expect(rows).toHaveLength(5);
    const ids = buttonsOf(rows).map((button) => button.custom_id ?? button.label);
    expect(ids.slice(0, 6)).toEqual(
      ['love', 'edit', 'reroll', 'delete', 'vary', 'gif'].map((a) => `${a}:${JOB}`),
    );
    expect(ids.slice(6, 10)).toEqual(['Image 1', 'Image 2', 'Image 3', 'Image 4']);
    expect(buttonsOf([rows[3]!]).map((b) => b.label)).toEqual([
      'U1 Upscale',
      'U2 Upscale',
      'U3 Upscale',
      'U4 Upscale',
    ]);
    expect(buttonsOf([rows[4]!]).map((b) => b.label)).toEqual(['V1 Vary', 'V2 Vary', 'V3 Vary', 'V4 Vary']);
    expect(parseActionCustomId(buttonsOf([rows[3]!])[1]!.custom_id!)).toEqual({
      action: 'upscale-2x',
      index: 2,
      jobId: JOB,
    });
    expect(parseActionCustomId(buttonsOf([rows[4]!])[2]!.custom_id!)).toMatchObject({
      action: 'vary',
      index: 3,
    });
  });

  it('offers every single-image action under a wide image, and no Make Square under a square one', () => {
    const wide = resultComponents(JOB, {
      image: true,
      loves: 2,
      actions: actionSetOf([{ width: 96, height: 64 }]),
    });
    expectWithinDiscordRules(wide);
    const labels = buttonsOf(wide).map((button) => button.label);
    expect(labels.slice(0, 6)).toEqual(['Love (2)', 'Edit & regenerate', 'Re-roll', 'Delete', 'Vary', 'GIF']);
    expect(labels.slice(6)).toEqual(IMAGE_ACTION_LIST.filter((a) => a.single).map((a) => a.label));
    expect(labels).toContain('Make Square');
    const square = resultComponents(JOB, {
      image: true,
      loves: 0,
      actions: actionSetOf([{ width: 64, height: 64 }]),
    });
    expectWithinDiscordRules(square);
    expect(buttonsOf(square).map((button) => button.label)).not.toContain('Make Square');
    // Audio and video results have no image actions.
    expect(actionSetOf([])).toBeUndefined();
  });

  it('reads back current action ids and refuses stale or foreign ones', () => {
    for (const action of IMAGE_ACTION_LIST) {
      const id = actionCustomId(action.name as ImageActionName, 4, JOB);
      expect(id.length).toBeLessThanOrEqual(MAX_CUSTOM_ID);
      expect(splitCustomId(id)).toEqual({ action: action.name, index: 4, jobId: JOB });
    }
    for (const stale of [
      `act:teleport:1:${JOB}`,
      `act:upscale-2x:0:${JOB}`,
      `act:upscale-2x:1:not-a-job`,
      `act:upscale-2x:1:${JOB}x`,
      `act:${'a'.repeat(120)}`,
    ]) {
      expect(splitCustomId(stale)).toBeNull();
    }
  });

  it('parses a press into the action and image, and a stale one as stale (answered privately)', () => {
    const click = (customId: string) =>
      parseInteraction({
        id: '1',
        application_id: '5',
        type: 3,
        token: 't',
        version: 1,
        channel_id: '7',
        user: { id: '3', username: 'u' },
        message: { id: '55' },
        data: { component_type: 2, custom_id: customId },
      } as never);
    expect(click(actionCustomId('upscale-2x', 2, JOB))).toMatchObject({
      kind: 'button',
      action: 'upscale-2x',
      index: 2,
      jobId: JOB,
    });
    expect(click(`act:teleport:1:${JOB}`)).toMatchObject({ kind: 'stale' });
  });
});
