// A command's definition owns its price: the type refuses a job command without one, so a forgotten
// price fails `npm run typecheck` instead of making the command free. The `@ts-expect-error` lines
// below are that check: were the price optional, they would no longer be errors and the
// typecheck would fail on the unused directive.
import { describe, expect, it } from 'vitest';
import { UPSCALE_FIXTURE } from '../testing/upscale-command.ts';
import type { CommandDefinition, JobCommandDefinition } from './types.ts';

const { price: _price, ...unpriced } = UPSCALE_FIXTURE;

// @ts-expect-error a job command without a price does not compile
const missingPrice: CommandDefinition = unpriced;

// @ts-expect-error nor does one without its kind of work
const missingWork: JobCommandDefinition = { ...UPSCALE_FIXTURE, work: undefined };

// @ts-expect-error a general command carries no price
const pricedGeneral: CommandDefinition = { ...unpriced, general: true, price: 1 };

describe('command definition types', () => {
  it('are checked at compile time (see the directives above)', () => {
    expect([missingPrice, missingWork, pricedGeneral].map((definition) => definition.name)).toEqual([
      'upscale',
      'upscale',
      'upscale',
    ]);
  });
});
