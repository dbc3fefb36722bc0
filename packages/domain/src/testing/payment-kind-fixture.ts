import {
  PAYMENT_KINDS,
  type PaidProduct,
  type PaymentKindEntry,
  type PaymentKindTable,
} from '../payment-kinds.ts';

/** A product of a kind the catalog does not sell: a bundle of hypercredits. */
export interface HyperBundle extends PaidProduct {
  name: string;
}

const BUNDLES: HyperBundle[] = [{ name: 'Hyper Bundle', price: 1299, credits: 0, hypercredits: 40 }];

/**
 * A payment kind of the tests' own, declared as a new kind would be: bought with the card form,
 * granting its hypercredits to the buyer, taken back by refunds and disputes, worded in both
 * histories. Nothing else knows it, so a test passing it shows the code acting on payments reads
 * the registry's entry and nothing else.
 */
export const HYPER_BUNDLE_KIND = {
  type: 'HyperBundle',
  purchase: 'oneOff',
  cardPath: 'api/payment/process_single',
  inPaymentHistory: false,
  find: (name: string) => BUNDLES.find((bundle) => bundle.name === name),
  key: (bundle: HyperBundle) => bundle.name,
  grant: 'buyer',
  takeBack: 'credits',
  words: {
    payment: (bundle: HyperBundle) => `Hypercredit bundle: ${bundle.name}`,
    granted: (bundle: HyperBundle) => `bundle: ${bundle.name}`,
    takenBack: (bundle: HyperBundle, cause: 'refund' | 'dispute') =>
      `${cause === 'refund' ? 'bundle refunded' : 'bundle charged back'}: ${bundle.name}`,
  },
} as const satisfies PaymentKindEntry<HyperBundle>;

/** The registry with the fixture kind added. */
export const KINDS_WITH_FIXTURE = {
  ...PAYMENT_KINDS,
  hyperBundle: HYPER_BUNDLE_KIND,
} as const satisfies PaymentKindTable;
