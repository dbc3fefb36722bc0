import { describe, expect, it } from 'vitest';
import { IMAGE_ACTION_NAMES } from '../commands/actions.ts';
import { COMMANDS } from '../commands/registry.ts';
import { CREDIT_PACKAGES, TIER_OPTIONS } from '../catalog.ts';
import { COMMAND_FAMILIES, familyOf, isJobCommand } from './families.ts';
import { priceOf, priceOfAction, shortfallOf } from './pricing.ts';
import { WELCOME_GRANT, welcomeGrantKey } from './welcome.ts';

describe('prices', () => {
  it('prices every job command of the registry in its family currency, and general commands at nothing', () => {
    for (const command of COMMANDS) {
      const family = familyOf(command.name);
      const price = priceOf(command.name);
      if (family === 'general') expect(price).toEqual({ credits: 0, hypercredits: 0 });
      else if (family === 'image' || family === 'lora')
        expect(price.credits > 0 && price.hypercredits === 0).toBe(true);
      else expect(price.hypercredits > 0 && price.credits === 0).toBe(true);
    }
    expect(['help', 'myloras', 'remlora'].map(familyOf)).toEqual(['general', 'general', 'general']);
    expect(isJobCommand('remlora')).toBe(false);
    expect(Object.keys(COMMAND_FAMILIES)).toHaveLength(COMMANDS.length + IMAGE_ACTION_NAMES.length);
    expect(COMMAND_FAMILIES).toMatchObject({
      make: 'image',
      movie: 'video',
      sfx: 'audio',
      loracreate: 'lora',
      help: 'general',
    });
    expect(familyOf('Change')).toBe('image');
    expect(familyOf('/lipsync')).toBe('lipsync');
    expect(priceOf('/gif')).toEqual(priceOf('gif'));
    expect(() => priceOf('teleport')).toThrow(RangeError);
  });

  it('charges LoRA training far more than a grid, and a LoRA /make more than a plain one', () => {
    expect(priceOf('loracreate').credits).toBeGreaterThanOrEqual(50 * priceOf('make').credits);
    expect(priceOf('make', { prompt: 'fox -lora Fox' }).credits).toBeGreaterThan(
      priceOf('make', { prompt: 'fox' }).credits,
    );
    expect(priceOf('movie').hypercredits).toBeGreaterThan(priceOf('video').hypercredits);
  });

  it('fits the plans: the smallest plan buys hundreds of grids and several clips', () => {
    const smallest = TIER_OPTIONS.reduce((low, tier) => (tier.credits < low.credits ? tier : low));
    expect(smallest.credits / priceOf('make').credits).toBeGreaterThan(100);
    expect(smallest.hypercredits / priceOf('video').hypercredits).toBeGreaterThanOrEqual(5);
    const hyperPack = CREDIT_PACKAGES.find((pack) => pack.hypercredits > 0)!;
    expect(hyperPack.hypercredits).toBeGreaterThanOrEqual(priceOf('movie').hypercredits);
  });

  it('prices result actions: vary and GIF on their own, re-roll and edit as the command they repeat', () => {
    const original = { command: 'video', options: { prompt: 'boats' } };
    expect(priceOfAction('reroll', original)).toEqual(priceOf('video'));
    expect(
      priceOfAction('edit', { command: 'make', options: { prompt: 'a' } }, { prompt: 'a -lora X' }),
    ).toEqual(priceOf('make', { prompt: 'a -lora X' }));
    expect(priceOfAction('vary', original).credits).toBeGreaterThan(0);
    expect(priceOfAction('gif', original).credits).toBeGreaterThan(0);
    expect(familyOf('gif')).toBe('image');
  });

  it('gives new accounts enough free credits for a few /make grids, once per user', () => {
    const runs = WELCOME_GRANT.credits / priceOf('make').credits;
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(runs).toBeLessThan(20);
    expect(welcomeGrantKey('u1')).not.toBe(welcomeGrantKey('u2'));
  });
});

describe('what a balance lacks', () => {
  it('names the currency short and by how much, or nothing when the balance pays', () => {
    expect(shortfallOf({ credits: 0, hypercredits: 10 }, { credits: 500, hypercredits: 4 })).toEqual({
      currency: 'hypercredits',
      missing: 6,
    });
    expect(shortfallOf({ credits: 4, hypercredits: 0 }, { credits: 1, hypercredits: 0 })).toEqual({
      currency: 'credits',
      missing: 3,
    });
    expect(shortfallOf({ credits: 4, hypercredits: 0 }, { credits: 4, hypercredits: 0 })).toBeNull();
    expect(shortfallOf({ credits: 0, hypercredits: 2 }, { credits: 0, hypercredits: -3 })).toEqual({
      currency: 'hypercredits',
      missing: 2,
    });
  });
});
