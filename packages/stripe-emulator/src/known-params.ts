import { EVIDENCE_TEXT_FIELDS } from './disputes.ts';
import { invalidRequest } from './errors.ts';
import type { Params } from './types.ts';

/**
 * Stripe refuses a parameter it does not know (`parameter_unknown`) instead of ignoring it, so a
 * typo or a field of another API version fails loudly. Each endpoint lists the parameters it
 * accepts in a small notation: names separated by spaces, `name{a b}` for a hash (or each hash of
 * an array) with keys `a` and `b`. `metadata` and `expand` hold free-form keys and are always known.
 */
export type ParamSpec = { [name: string]: ParamSpec | true };

export function spec(source: string): ParamSpec {
  let i = 0;
  const parse = (): ParamSpec => {
    const out: ParamSpec = {};
    while (i < source.length) {
      const ch = source[i]!;
      if (ch === '}') {
        i++;
        return out;
      }
      if (/\s/.test(ch)) {
        i++;
        continue;
      }
      const name = /^[\w.]+/.exec(source.slice(i))?.[0];
      if (!name) throw new Error(`Bad parameter spec near "${source.slice(i, i + 20)}"`);
      i += name.length;
      if (source[i] === '{') {
        i++;
        out[name] = parse();
      } else out[name] = true;
    }
    return out;
  };
  return parse();
}

const FREE_FORM = new Set(['metadata', 'expand']);

/** Throws Stripe's `parameter_unknown` error for the first parameter `known` does not list. */
export function checkKnown(body: Params, known: ParamSpec, prefix = ''): void {
  for (const [key, value] of Object.entries(body)) {
    const path = prefix ? `${prefix}[${key}]` : key;
    const rule = known[key];
    if (rule === undefined && !FREE_FORM.has(key)) {
      throw invalidRequest(`Received unknown parameter: ${path}`, 'parameter_unknown', path);
    }
    if (rule === undefined || rule === true) continue;
    if (Array.isArray(value)) {
      value.forEach((item, n) => {
        if (typeof item === 'object' && item !== null) checkKnown(item as Params, rule, `${path}[${n}]`);
      });
    } else if (typeof value === 'object' && value !== null) checkKnown(value as Params, rule, path);
  }
}

export const LIST = 'limit starting_after ending_before created{gt gte lt lte}';
const ADDRESS = 'address{city country line1 line2 postal_code state}';
export const BILLING_DETAILS = `billing_details{${ADDRESS} email name phone}`;
export const CARD = 'card{number exp_month exp_year cvc}';
export const DISCOUNTS = 'discounts{coupon promotion_code}';
export const ITEMS = 'items{id price quantity deleted metadata}';
const PRICE_DATA =
  'currency unit_amount product product_data{name description} recurring{interval interval_count}';

export const CUSTOMER_FIELDS = `email name phone description ${ADDRESS} invoice_settings{default_payment_method} payment_method`;

export const PRICE_CREATE = `product product_data{id name description active images} currency unit_amount recurring{interval interval_count} lookup_key transfer_lookup_key nickname active`;

export const SUBSCRIPTION_CREATE = `customer ${ITEMS} default_payment_method payment_behavior payment_settings{save_default_payment_method} trial_end trial_period_days trial_settings{end_behavior{missing_payment_method}} cancel_at_period_end cancel_at description ${DISCOUNTS} off_session`;

export const SUBSCRIPTION_UPDATE = `${ITEMS} proration_behavior proration_date payment_behavior cancel_at_period_end cancel_at default_payment_method description ${DISCOUNTS} trial_end off_session cancellation_details{comment feedback} payment_settings{save_default_payment_method}`;

export const PREVIEW = `customer subscription ${DISCOUNTS} invoice_items{price amount currency description quantity} subscription_details{${ITEMS} proration_behavior proration_date cancel_at_period_end cancel_at trial_end}`;

export const CHECKOUT_CREATE = `mode success_url cancel_url customer customer_email customer_creation client_reference_id line_items{price quantity price_data{${PRICE_DATA}}} ${DISCOUNTS} allow_promotion_codes payment_intent_data{metadata} subscription_data{metadata trial_period_days}`;

export const INVOICE_CREATE = `customer subscription currency description ${DISCOUNTS} auto_advance collection_method default_payment_method pending_invoice_items_behavior`;

export const INVOICE_ITEM_CREATE = `customer invoice amount currency description quantity unit_amount_decimal pricing{price} price_data{currency product unit_amount unit_amount_decimal} discountable period{start end}`;

export const PAYMENT_INTENT_CREATE = `amount currency customer payment_method description receipt_email setup_future_usage confirm return_url off_session automatic_payment_methods{enabled allow_redirects}`;

const PORTAL_CONFIGURATION =
  'name default_return_url business_profile{headline privacy_policy_url terms_of_service_url} features{customer_update{enabled allowed_updates} invoice_history{enabled} payment_method_update{enabled} subscription_cancel{enabled mode proration_behavior}}';
export const PHASES = `phases{items{price plan quantity metadata} start_date end_date duration{interval interval_count} iterations proration_behavior metadata} end_behavior proration_behavior`;

const RETRIEVE = '';
const EVIDENCE_SPEC = EVIDENCE_TEXT_FIELDS.join(' ');
const PM_UPDATE = BILLING_DETAILS;

/** The parameters each endpoint accepts, by `METHOD /path` as the router declares it. */
export const KNOWN_PARAMS: Record<string, ParamSpec> = Object.fromEntries(
  Object.entries({
    'POST /v1/customers': CUSTOMER_FIELDS,
    'GET /v1/customers': `${LIST} email`,
    'GET /v1/customers/:id': RETRIEVE,
    'POST /v1/customers/:id': CUSTOMER_FIELDS.replace(' payment_method', ''),
    'DELETE /v1/customers/:id': RETRIEVE,
    'POST /v1/payment_methods': `type ${CARD} ${BILLING_DETAILS}`,
    'GET /v1/payment_methods': `${LIST} customer type`,
    'GET /v1/customers/:customer/payment_methods': `${LIST} type`,
    'GET /v1/payment_methods/:id': RETRIEVE,
    'POST /v1/payment_methods/:id': PM_UPDATE,
    'POST /v1/payment_methods/:id/attach': 'customer',
    'POST /v1/payment_methods/:id/detach': RETRIEVE,
    'POST /v1/payment_intents': PAYMENT_INTENT_CREATE,
    'GET /v1/payment_intents': `${LIST} customer`,
    'GET /v1/payment_intents/:id': 'client_secret',
    'POST /v1/payment_intents/:id': `amount currency customer description receipt_email payment_method setup_future_usage`,
    'POST /v1/payment_intents/:id/confirm':
      'client_secret payment_method return_url off_session setup_future_usage',
    'POST /v1/payment_intents/:id/cancel': 'cancellation_reason',
    'GET /v1/charges': `${LIST} customer payment_intent`,
    'GET /v1/charges/:id': RETRIEVE,
    'POST /v1/refunds': 'charge payment_intent amount reason instructions_email',
    'GET /v1/refunds': `${LIST} charge payment_intent`,
    'GET /v1/refunds/:id': RETRIEVE,
    'POST /v1/refunds/:id': RETRIEVE,
    'GET /v1/disputes': `${LIST} charge payment_intent`,
    'GET /v1/disputes/:id': RETRIEVE,
    'POST /v1/disputes/:id': `evidence{${EVIDENCE_SPEC}} intended_submission_method submit`,
    'POST /v1/disputes/:id/close': RETRIEVE,
    'POST /v1/products': `id name description active images default_price_data{currency unit_amount recurring{interval interval_count}}`,
    'GET /v1/products': `${LIST} active ids`,
    'GET /v1/products/:id': RETRIEVE,
    'POST /v1/products/:id': 'name description active default_price',
    'POST /v1/prices': PRICE_CREATE,
    'GET /v1/prices': `${LIST} active product type lookup_keys`,
    'GET /v1/prices/:id': RETRIEVE,
    'POST /v1/prices/:id': 'active nickname lookup_key transfer_lookup_key',
    'POST /v1/coupons':
      'id amount_off percent_off currency duration duration_in_months max_redemptions redeem_by name',
    'GET /v1/coupons': LIST,
    'GET /v1/coupons/:id': RETRIEVE,
    'POST /v1/coupons/:id': 'name',
    'DELETE /v1/coupons/:id': RETRIEVE,
    'POST /v1/promotion_codes':
      'promotion{type coupon} code customer active expires_at max_redemptions restrictions{first_time_transaction minimum_amount minimum_amount_currency}',
    'GET /v1/promotion_codes': `${LIST} code coupon active customer`,
    'GET /v1/promotion_codes/:id': RETRIEVE,
    'POST /v1/promotion_codes/:id': 'active',
    'POST /v1/invoices/create_preview': PREVIEW,
    'POST /v1/invoices': INVOICE_CREATE,
    'GET /v1/invoices': `${LIST} customer subscription status`,
    'GET /v1/invoices/:id': RETRIEVE,
    'GET /v1/invoices/:id/lines': LIST,
    'POST /v1/invoices/:id/finalize': '',
    'POST /v1/invoices/:id/pay': 'payment_method off_session',
    'POST /v1/invoices/:id/void': RETRIEVE,
    'POST /v1/invoiceitems': INVOICE_ITEM_CREATE,
    'GET /v1/invoiceitems': `${LIST} customer invoice pending`,
    'GET /v1/invoiceitems/:id': RETRIEVE,
    'DELETE /v1/invoiceitems/:id': RETRIEVE,
    'POST /v1/subscriptions': SUBSCRIPTION_CREATE,
    'GET /v1/subscriptions': `${LIST} customer price status`,
    'GET /v1/subscriptions/:id': RETRIEVE,
    'POST /v1/subscriptions/:id': SUBSCRIPTION_UPDATE,
    'DELETE /v1/subscriptions/:id': 'cancellation_details{comment feedback}',
    'POST /v1/subscriptions/:id/resume': '',
    'POST /v1/subscription_schedules': 'from_subscription',
    'GET /v1/subscription_schedules': `${LIST} customer`,
    'GET /v1/subscription_schedules/:id': RETRIEVE,
    'POST /v1/subscription_schedules/:id': PHASES,
    'POST /v1/subscription_schedules/:id/release': '',
    'POST /v1/subscription_schedules/:id/cancel': '',
    'POST /v1/checkout/sessions': CHECKOUT_CREATE,
    'GET /v1/checkout/sessions': `${LIST} payment_intent subscription customer`,
    'GET /v1/checkout/sessions/:id': RETRIEVE,
    'GET /v1/checkout/sessions/:id/line_items': LIST,
    'POST /v1/checkout/sessions/:id/expire': RETRIEVE,
    'POST /v1/billing_portal/sessions': 'customer configuration return_url locale flow_data{type}',
    'POST /v1/billing_portal/configurations': PORTAL_CONFIGURATION,
    'GET /v1/billing_portal/configurations': `${LIST} active is_default`,
    'GET /v1/billing_portal/configurations/:id': RETRIEVE,
    'POST /v1/billing_portal/configurations/:id': `active ${PORTAL_CONFIGURATION}`,
    'POST /v1/setup_intents':
      'customer payment_method allowed_payment_method_types usage confirm return_url description automatic_payment_methods{enabled}',
    'GET /v1/setup_intents': `${LIST} customer payment_method`,
    'GET /v1/setup_intents/:id': 'client_secret',
    'POST /v1/setup_intents/:id/confirm': 'payment_method client_secret return_url',
    'POST /v1/setup_intents/:id/cancel': 'cancellation_reason',
    'POST /v1/webhook_endpoints': 'url enabled_events description api_version',
    'GET /v1/webhook_endpoints': LIST,
    'GET /v1/webhook_endpoints/:id': RETRIEVE,
    'POST /v1/webhook_endpoints/:id': 'url enabled_events description disabled',
    'DELETE /v1/webhook_endpoints/:id': '',
    'GET /v1/events': `${LIST} type types`,
    'GET /v1/events/:id': RETRIEVE,
  }).map(([route, source]) => [route, spec(source)]),
);
