// A payment kind is one registry entry, and the type refuses an entry missing any of its parts: a
// kind that forgot how a refund takes it back, or its words in the credit history, fails
// `npm run typecheck` instead of compiling and taking nothing back. The `@ts-expect-error` lines
// below are that check: were a part optional, they would no longer be errors and the typecheck
// would fail on the unused directive.
import { describe, expect, it } from 'vitest';
import { HYPER_BUNDLE_KIND, type HyperBundle, KINDS_WITH_FIXTURE } from './testing/payment-kind-fixture.ts';
import {
  GRANT_MODES,
  PAYMENT_KINDS,
  type PaymentKindEntry,
  type PaymentKindTable,
  TAKE_BACK_MODES,
  type TakeBackMode,
} from './payment-kinds.ts';

const { takeBack: _takeBack, ...withoutTakeBack } = HYPER_BUNDLE_KIND;
const { grant: _grant, ...withoutGrant } = HYPER_BUNDLE_KIND;
const { takenBack: _takenBack, ...wordsWithoutTakenBack } = HYPER_BUNDLE_KIND.words;

// @ts-expect-error a kind without its refund and dispute handling does not compile
const noTakeBack: PaymentKindEntry<HyperBundle> = withoutTakeBack;

// @ts-expect-error nor one without what it grants
const noGrant: PaymentKindEntry<HyperBundle> = withoutGrant;

// @ts-expect-error nor one without its words for what a refund took back
const noWords: PaymentKindEntry<HyperBundle> = { ...HYPER_BUNDLE_KIND, words: wordsWithoutTakenBack };

// @ts-expect-error nor one taking back in a way nothing acts on
const unknownTakeBack: PaymentKindEntry<HyperBundle> = { ...HYPER_BUNDLE_KIND, takeBack: 'nothing' };

// @ts-expect-error a registry with such an entry does not compile either
const table: PaymentKindTable = { ...PAYMENT_KINDS, hyperBundle: withoutTakeBack };

/** What acting on every take-back mode looks like: a mode without its branch does not compile. */
const TAKE_BACK_ENDS = {
  credits: 'nothing more',
  plan: 'the plan ends',
  gift: 'the code is voided or its plan ends',
} satisfies Record<TakeBackMode, string>;

// @ts-expect-error a map of take-back modes missing one
const missingMode: Record<TakeBackMode, string> = { credits: 'x', plan: 'y' };

describe('payment kind entries', () => {
  it('are checked at compile time (see the directives above)', () => {
    const refused = [noTakeBack, noGrant, noWords, unknownTakeBack];
    expect(refused.map((entry) => entry.type)).toEqual([
      'HyperBundle',
      'HyperBundle',
      'HyperBundle',
      'HyperBundle',
    ]);
    expect(Object.keys(table)).toContain('hyperBundle');
    expect(Object.keys(missingMode)).toEqual(['credits', 'plan']);
    expect(Object.keys(TAKE_BACK_ENDS)).toEqual([...TAKE_BACK_MODES]);
  });

  it('every real kind declares a known purchase, grant and take-back', () => {
    for (const entry of Object.values(KINDS_WITH_FIXTURE)) {
      expect(GRANT_MODES).toContain(entry.grant);
      expect(TAKE_BACK_MODES).toContain(entry.takeBack);
    }
    expect(PAYMENT_KINDS.gift.words.payment(PAYMENT_KINDS.gift.find('Professional Plan')!)).toBe(
      'Gift: Professional Plan',
    );
    expect(
      PAYMENT_KINDS.creditPackage.words.takenBack(
        PAYMENT_KINDS.creditPackage.find('Starter Pack')!,
        'dispute',
      ),
    ).toBe('charged back: Starter Pack');
  });
});
