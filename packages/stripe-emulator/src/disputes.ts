import type { Ctx } from './ctx.ts';
import { invalidRequest } from './errors.ts';
import type { Kept } from './types.ts';

/** The card Stripe's docs give for a payment that succeeds and is then disputed as fraudulent. */
export const DISPUTED_CARD = '4000000000000259';

/** What Stripe charges for a dispute, taken with the disputed amount and kept unless it is won. */
export const DISPUTE_FEE = 1500;

/** Evidence texts Stripe's test mode reads on submission to close a dispute won or lost. */
export const WINNING_EVIDENCE = 'winning_evidence';
export const LOSING_EVIDENCE = 'losing_evidence';

const OPEN = new Set(['warning_needs_response', 'warning_under_review', 'needs_response', 'under_review']);

export const isOpen = (dispute: Kept<'dispute'>) => OPEN.has(dispute.status);

type Evidence = Kept<'dispute'>['evidence'];

/** Every evidence field, empty: what a new dispute carries. */
export function emptyEvidence(): Evidence {
  const fields: (keyof Evidence)[] = [
    'access_activity_log',
    'billing_address',
    'cancellation_policy',
    'cancellation_policy_disclosure',
    'cancellation_rebuttal',
    'customer_communication',
    'customer_email_address',
    'customer_name',
    'customer_purchase_ip',
    'customer_signature',
    'duplicate_charge_documentation',
    'duplicate_charge_explanation',
    'duplicate_charge_id',
    'product_description',
    'receipt',
    'refund_policy',
    'refund_policy_disclosure',
    'refund_refusal_explanation',
    'service_date',
    'service_documentation',
    'shipping_address',
    'shipping_carrier',
    'shipping_date',
    'shipping_documentation',
    'shipping_tracking_number',
    'uncategorized_file',
    'uncategorized_text',
  ];
  return { ...Object.fromEntries(fields.map((f) => [f, null])), enhanced_evidence: {} } as Evidence;
}

/** The text fields of `evidence` a dispute update may set. */
export const EVIDENCE_TEXT_FIELDS = (Object.keys(emptyEvidence()) as (keyof Evidence)[]).filter(
  (f): f is Exclude<keyof Evidence, 'enhanced_evidence'> => f !== 'enhanced_evidence',
);

function balanceTransaction(
  ctx: Ctx,
  dispute: Kept<'dispute'>,
  amount: number,
  fee: number,
  description: string,
): Kept<'dispute'>['balance_transactions'][number] {
  const id = `txn_${dispute.id.slice(3)}${dispute.balance_transactions.length}`;
  return {
    id,
    object: 'balance_transaction',
    amount,
    available_on: ctx.now(),
    balance_type: 'payments',
    created: ctx.now(),
    currency: dispute.currency,
    description,
    exchange_rate: null,
    fee,
    fee_details: fee
      ? [
          {
            amount: fee,
            application: null,
            currency: dispute.currency,
            description: 'Dispute fee',
            type: 'stripe_fee',
          },
        ]
      : [],
    net: amount - fee,
    reporting_category: amount < 0 ? 'dispute' : 'dispute_reversal',
    source: dispute.id,
    status: 'available',
    type: 'adjustment',
  };
}

/**
 * The cardholder disputes a succeeded charge: Stripe withdraws the amount and its fee at once
 * (`charge.dispute.created`, `charge.dispute.funds_withdrawn`) and waits for evidence.
 */
export function openDispute(ctx: Ctx, charge: Kept<'charge'>): Kept<'dispute'> {
  const pm = charge.payment_method_details as { card?: { brand?: string } } | null;
  const dispute = ctx.create('dispute', 'dp', {
    amount: charge.amount,
    balance_transactions: [],
    charge: charge.id,
    created: ctx.now(),
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence: emptyEvidence(),
    evidence_details: {
      due_by: ctx.now() + 7 * 24 * 3600,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: 'not_submitted',
    },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    network_reason_code: '10.4',
    payment_intent: charge.payment_intent ?? null,
    payment_method_details: {
      card: {
        brand: pm?.card?.brand ?? 'visa',
        case_type: 'chargeback',
        network: pm?.card?.brand ?? 'visa',
        network_reason_code: '10.4',
      },
      type: 'card',
    },
    reason: 'fraudulent',
    status: 'needs_response',
  });
  dispute.balance_transactions.push(
    balanceTransaction(ctx, dispute, -charge.amount, DISPUTE_FEE, `Chargeback withdrawal for ${charge.id}`),
  );
  ctx.put(dispute);
  charge.disputed = true;
  ctx.emit('charge.dispute.created', dispute);
  ctx.emit('charge.dispute.funds_withdrawn', dispute);
  return dispute;
}

/**
 * Closes an open dispute: `won` gives back the amount and the fee (`charge.dispute.funds_reinstated`),
 * `lost` keeps them withdrawn; either way `charge.dispute.closed`.
 */
export function closeDispute(ctx: Ctx, dispute: Kept<'dispute'>, outcome: 'won' | 'lost'): Kept<'dispute'> {
  if (!isOpen(dispute)) {
    throw invalidRequest(
      `This dispute is already closed (status: ${dispute.status}).`,
      'dispute_already_closed',
      undefined,
    );
  }
  const previous = { status: dispute.status };
  dispute.status = outcome;
  dispute.is_charge_refundable = false;
  if (outcome === 'won') {
    dispute.balance_transactions.push(
      balanceTransaction(
        ctx,
        dispute,
        dispute.amount,
        -DISPUTE_FEE,
        `Chargeback reversal for ${dispute.charge as string}`,
      ),
    );
  }
  ctx.emit('charge.dispute.closed', dispute, previous);
  if (outcome === 'won') ctx.emit('charge.dispute.funds_reinstated', dispute);
  return dispute;
}
