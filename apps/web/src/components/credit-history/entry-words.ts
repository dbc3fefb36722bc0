import type { LedgerEntryKind, LedgerEntryWire, PaymentKind } from '@app/domain';

/** A kind the switch below does not handle is a type error here. */
const unhandled = (value: never): never => {
  throw new Error(`Unhandled ledger entry: ${JSON.stringify(value)}`);
};

/** A payment's grant, by its kind. */
function grantWords(paymentKind: PaymentKind, product: string): string {
  switch (paymentKind) {
    case 'creditPackage':
      return `Purchase: ${product}`;
    case 'plan':
      return `Plan credits: ${product}`;
    case 'gift':
      return `Gift: ${product}`;
    case 'topUp':
      return `Auto top-up: ${product}`;
    default:
      return unhandled(paymentKind);
  }
}

/** What a ledger entry was, in plain words, from the kind the ledger's wire gives it. */
export function entryWords(entry: Pick<LedgerEntryWire, 'kind'>): string {
  const kind: LedgerEntryKind = entry.kind;
  switch (kind.kind) {
    case 'start':
      return 'Starting balance';
    case 'welcome':
      return 'Welcome credits';
    case 'payment':
      return grantWords(kind.paymentKind, kind.product);
    case 'upgrade':
      return `Plan upgrade: ${kind.from} → ${kind.to}`;
    case 'job':
      return kind.lane === 'relax'
        ? `/${kind.command} in relax mode (no charge)`
        : kind.lane === 'turbo'
          ? `Charge for /${kind.command} in turbo mode (twice the price)`
          : `Charge for /${kind.command}`;
    case 'jobRefund':
      return `Refund for /${kind.command}`;
    case 'clawback':
      return `${kind.cause === 'refund' ? 'Refunded' : 'Charged back'}: ${kind.product}`;
    case 'adminEdit':
      return 'Changed by an admin';
    case 'lane':
      return `Mode changed: ${kind.from} → ${kind.to}`;
    case 'other':
      return kind.reason;
    default:
      return unhandled(kind);
  }
}

/** "+100 credits", "−4 hypercredits". */
export function changeWords(entry: Pick<LedgerEntryWire, 'delta' | 'currency'>): string {
  if (entry.delta === 0) return `0 ${entry.currency}`;
  const sign = entry.delta > 0 ? '+' : '−';
  return `${sign}${Math.abs(entry.delta)} ${entry.currency}`;
}
