import type { LedgerEntryWire } from '@app/domain';

/** What a ledger entry was, in plain words, from the reason the ledger recorded. */
export function entryWords(entry: Pick<LedgerEntryWire, 'reason' | 'delta'>): string {
  const { reason } = entry;
  const [head, ...rest] = reason.split(/:\s*|\s+/);
  const tail = rest.join(' ');
  switch (head) {
    case 'seed':
      return 'Starting balance';
    case 'welcome':
      return 'Welcome credits';
    case 'purchase':
      return `Purchase: ${tail}`;
    case 'plan':
      return `Plan credits: ${tail}`;
    case 'admin-set':
      return 'Changed by an admin';
    case 'job':
      return `Charge for /${tail}`;
    case 'refund':
      return `Refund for /${tail}`;
    case 'gift':
      return `Gift: ${tail}`;
    default:
      return reason;
  }
}

/** "+100 credits", "−4 hypercredits". */
export function changeWords(entry: Pick<LedgerEntryWire, 'delta' | 'currency'>): string {
  const sign = entry.delta > 0 ? '+' : '−';
  return `${sign}${Math.abs(entry.delta)} ${entry.currency}`;
}
