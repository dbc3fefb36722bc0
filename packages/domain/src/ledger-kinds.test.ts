import { describe, expect, it } from 'vitest';
import { CREDIT_PACKAGES, TIER_OPTIONS } from './catalog.ts';
import { LedgerEntryKind, ledgerEntryKind } from './ledger-kinds.ts';
import { PAYMENT_KINDS } from './payment-kinds.ts';

describe("a ledger entry's kind", () => {
  it("reads back every grant and clawback the payment kinds' words write, for every product", () => {
    const cases = [
      ...CREDIT_PACKAGES.map(
        (pack) => ['creditPackage', PAYMENT_KINDS.creditPackage.words, pack, pack.name] as const,
      ),
      ...TIER_OPTIONS.flatMap((tier) => [
        ['plan', PAYMENT_KINDS.plan.words, tier, tier.tier] as const,
        ['gift', PAYMENT_KINDS.gift.words, tier, tier.tier] as const,
      ]),
    ];
    expect(cases.length).toBeGreaterThan(5);
    for (const [paymentKind, words, product, name] of cases) {
      const granted = (words.granted as (p: typeof product) => string)(product);
      expect(ledgerEntryKind(granted), granted).toEqual({ kind: 'payment', paymentKind, product: name });
      for (const cause of ['refund', 'dispute'] as const) {
        const takenBack = (words.takenBack as (p: typeof product, c: typeof cause) => string)(product, cause);
        expect(ledgerEntryKind(takenBack), takenBack).toMatchObject({ kind: 'clawback', cause });
      }
    }
  });

  it('reads the reasons the ledger is written with elsewhere, and keeps any other as it is', () => {
    expect(ledgerEntryKind('seed')).toEqual({ kind: 'start' });
    expect(ledgerEntryKind('welcome')).toEqual({ kind: 'welcome' });
    expect(ledgerEntryKind('admin-set')).toEqual({ kind: 'adminEdit' });
    expect(ledgerEntryKind('job make')).toEqual({ kind: 'job', command: 'make', lane: 'fast' });
    expect(ledgerEntryKind('job make relax')).toEqual({ kind: 'job', command: 'make', lane: 'relax' });
    expect(ledgerEntryKind('job make turbo')).toEqual({ kind: 'job', command: 'make', lane: 'turbo' });
    expect(ledgerEntryKind('lane fast → relax')).toEqual({ kind: 'lane', from: 'fast', to: 'relax' });
    expect(ledgerEntryKind('refund video')).toEqual({ kind: 'jobRefund', command: 'video' });
    expect(ledgerEntryKind('upgrade: Professional Plan → Founders Plan')).toEqual({
      kind: 'upgrade',
      from: 'Professional Plan',
      to: 'Founders Plan',
    });
    expect(ledgerEntryKind('plan: Founders Plan Yearly (month 2 of 12)')).toEqual({
      kind: 'payment',
      paymentKind: 'plan',
      product: 'Founders Plan Yearly (month 2 of 12)',
    });
    expect(ledgerEntryKind('something new')).toEqual({ kind: 'other', reason: 'something new' });
    expect(ledgerEntryKind('bonus: x')).toEqual({ kind: 'other', reason: 'bonus: x' });
  });

  it('is always one the wire schema accepts', () => {
    for (const reason of ['seed', 'job make', 'gift: Founders Plan', 'refunded: 500 Credits', 'whatever'])
      expect(LedgerEntryKind.safeParse(ledgerEntryKind(reason)).success, reason).toBe(true);
  });
});
