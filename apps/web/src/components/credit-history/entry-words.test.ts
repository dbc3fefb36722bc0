import { ledgerEntryKind } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { entryWords } from './entry-words.ts';

const words = (reason: string) => entryWords({ kind: ledgerEntryKind(reason) });

describe("a ledger entry's words", () => {
  it('say what each kind of change was', () => {
    expect(words('seed')).toBe('Starting balance');
    expect(words('welcome')).toBe('Welcome credits');
    expect(words('gift: Founders Plan')).toBe('Gift: Founders Plan');
    expect(words('upgrade: Professional Plan → Founders Plan')).toBe(
      'Plan upgrade: Professional Plan → Founders Plan',
    );
    expect(words('refunded: 500 Credits')).toBe('Refunded: 500 Credits');
    expect(words('charged back: Gift: Founders Plan')).toBe('Charged back: Gift: Founders Plan');
    expect(words('an entry from before kinds')).toBe('an entry from before kinds');
  });

  it('come from the structured kind, not from the reason text', () => {
    expect(entryWords({ kind: { kind: 'job', command: 'video', lane: 'fast' } })).toBe('Charge for /video');
    expect(entryWords({ kind: { kind: 'job', command: 'make', lane: 'relax' } })).toBe(
      '/make in relax mode (no charge)',
    );
    expect(entryWords({ kind: { kind: 'lane', from: 'fast', to: 'relax' } })).toBe(
      'Mode changed: fast → relax',
    );
    expect(entryWords({ kind: { kind: 'payment', paymentKind: 'creditPackage', product: 'x' } })).toBe(
      'Purchase: x',
    );
  });
});
