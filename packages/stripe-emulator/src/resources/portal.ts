import type { Ctx } from '../ctx.ts';
import { invalidRequest } from '../errors.ts';
import { bool, mergeMetadata, obj, oneOf, reqStr, str, strList } from '../params.ts';
import { expandOf, list, render } from '../render.ts';
import type { ApiRoute } from '../router.ts';
import { newId } from '../store.ts';
import type { Kept, Params } from '../types.ts';

type Configuration = Kept<'billing_portal.configuration'>;
type Features = Configuration['features'];

const CANCEL_MODES = ['at_period_end', 'immediately'] as const;
const PRORATIONS = ['always_invoice', 'create_prorations', 'none'] as const;

/** What a configuration's `features` hash turns on; anything not given stays off, as at Stripe. */
function featuresFrom(p: Params | undefined, current?: Features): Features {
  const f = p ?? {};
  const enabled = (name: string, was: boolean) => {
    const hash = obj(f, name, `features[${name}]`);
    return hash ? (bool(hash, 'enabled', `features[${name}][enabled]`) ?? was) : was;
  };
  const cancel = obj(f, 'subscription_cancel', 'features[subscription_cancel]') ?? {};
  const update = obj(f, 'customer_update', 'features[customer_update]') ?? {};
  return {
    customer_update: {
      allowed_updates:
        update.allowed_updates !== undefined
          ? strList(update, 'allowed_updates')
          : (current?.customer_update.allowed_updates ?? []),
      enabled: enabled('customer_update', current?.customer_update.enabled ?? false),
    },
    invoice_history: { enabled: enabled('invoice_history', current?.invoice_history.enabled ?? false) },
    payment_method_update: {
      enabled: enabled('payment_method_update', current?.payment_method_update.enabled ?? false),
      payment_method_configuration: null,
    },
    subscription_cancel: {
      cancellation_reason: current?.subscription_cancel.cancellation_reason ?? {
        enabled: false,
        feedback_options: null,
        options: [],
      },
      enabled: enabled('subscription_cancel', current?.subscription_cancel.enabled ?? false),
      mode:
        oneOf(cancel, 'mode', CANCEL_MODES, 'features[subscription_cancel][mode]') ??
        current?.subscription_cancel.mode ??
        'at_period_end',
      proration_behavior:
        oneOf(
          cancel,
          'proration_behavior',
          PRORATIONS,
          'features[subscription_cancel][proration_behavior]',
        ) ??
        current?.subscription_cancel.proration_behavior ??
        'none',
    },
    subscription_pause: { duration: { interval_options: [], type: 'indefinite' }, enabled: false },
    subscription_update: current?.subscription_update ?? {
      billing_cycle_anchor: null,
      default_allowed_updates: [],
      enabled: false,
      products: [],
      proration_behavior: 'none',
      schedule_at_period_end: { conditions: [] },
      trial_update_behavior: 'end_trial',
    },
  };
}

function businessProfile(p: Params, current?: Configuration['business_profile']) {
  const bp = obj(p, 'business_profile') ?? {};
  return {
    headline: str(bp, 'headline', 'business_profile[headline]') ?? current?.headline ?? null,
    privacy_policy_url:
      str(bp, 'privacy_policy_url', 'business_profile[privacy_policy_url]') ??
      current?.privacy_policy_url ??
      null,
    terms_of_service_url:
      str(bp, 'terms_of_service_url', 'business_profile[terms_of_service_url]') ??
      current?.terms_of_service_url ??
      null,
  };
}

function createConfiguration(ctx: Ctx, p: Params, isDefault: boolean): Configuration {
  const now = ctx.now();
  const config = ctx.create('billing_portal.configuration', 'bpc', {
    id: newId('bpc', 24),
    active: true,
    application: null,
    business_profile: businessProfile(p),
    created: now,
    default_return_url: str(p, 'default_return_url') || null,
    features: featuresFrom(obj(p, 'features')),
    is_default: isDefault,
    livemode: false,
    login_page: { enabled: false, url: null },
    metadata: mergeMetadata({}, p),
    name: str(p, 'name') || null,
    updated: now,
  });
  return ctx.put(config);
}

/**
 * The configuration a session without one uses: the account's default. An account that never made
 * one gets the dashboard's default (cards and invoices on, cancelling at the period's end), as a
 * Stripe account does once its portal settings are saved.
 */
export function defaultConfiguration(ctx: Ctx): Configuration {
  const found = ctx.all('billing_portal.configuration').find((c) => c.is_default);
  if (found) return found;
  return createConfiguration(
    ctx,
    {
      features: {
        invoice_history: { enabled: 'true' },
        payment_method_update: { enabled: 'true' },
        subscription_cancel: { enabled: 'true', mode: 'at_period_end' },
        customer_update: { enabled: 'true', allowed_updates: ['email', 'name', 'address'] },
      },
    },
    true,
  );
}

export function configurationOf(ctx: Ctx, session: Kept<'billing_portal.session'>): Configuration {
  const id = session.configuration as string | null;
  return (id && ctx.find(id, 'billing_portal.configuration')) || defaultConfiguration(ctx);
}

export const portalRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: '/v1/billing_portal/configurations',
    handler: (ctx, { body }) => {
      if (!obj(body, 'features')) {
        throw invalidRequest('Missing required param: features.', 'parameter_missing', 'features');
      }
      return render(ctx, createConfiguration(ctx, body, false), expandOf(body));
    },
  },
  {
    method: 'GET',
    path: '/v1/billing_portal/configurations',
    handler: (ctx, { body }) => {
      defaultConfiguration(ctx);
      const active = bool(body, 'active');
      const isDefault = bool(body, 'is_default');
      const items = ctx
        .all('billing_portal.configuration')
        .filter(
          (c) =>
            (active === undefined || c.active === active) &&
            (isDefault === undefined || c.is_default === isDefault),
        );
      return list(ctx, items, body, '/v1/billing_portal/configurations');
    },
  },
  {
    method: 'GET',
    path: '/v1/billing_portal/configurations/:id',
    handler: (ctx, { params, body }) =>
      render(ctx, ctx.get(params.id as string, 'billing_portal.configuration'), expandOf(body)),
  },
  {
    method: 'POST',
    path: '/v1/billing_portal/configurations/:id',
    handler: (ctx, { params, body }) => {
      const config = ctx.get(params.id as string, 'billing_portal.configuration');
      const active = bool(body, 'active');
      if (active === false && config.is_default) {
        throw invalidRequest(
          'You cannot deactivate the default configuration.',
          'parameter_invalid_string',
          'active',
        );
      }
      Object.assign(config, {
        active: active ?? config.active,
        business_profile: businessProfile(body, config.business_profile),
        default_return_url:
          body.default_return_url !== undefined
            ? str(body, 'default_return_url') || null
            : config.default_return_url,
        features: featuresFrom(obj(body, 'features'), config.features),
        metadata: body.metadata !== undefined ? mergeMetadata(config.metadata, body) : config.metadata,
        name: body.name !== undefined ? str(body, 'name') || null : config.name,
        updated: ctx.now(),
      });
      return render(ctx, config, expandOf(body));
    },
  },
  {
    method: 'POST',
    path: '/v1/billing_portal/sessions',
    handler: (ctx, { body }) => {
      const customer = ctx.get(reqStr(body, 'customer'), 'customer', 'customer');
      const configId = str(body, 'configuration');
      const config = configId
        ? ctx.get(configId, 'billing_portal.configuration', 'configuration')
        : defaultConfiguration(ctx);
      if (!config.active) {
        throw invalidRequest(
          'The configuration you provided is not active.',
          'parameter_invalid_string',
          'configuration',
        );
      }
      const flowData = obj(body, 'flow_data');
      const flowType = flowData ? reqStr(flowData, 'type', 'flow_data[type]') : null;
      const id = newId('bps', 24);
      const session = ctx.create('billing_portal.session', 'bps', {
        id,
        configuration: config.id,
        customer: customer.id,
        customer_account: null,
        flow: flowType
          ? {
              after_completion: { hosted_confirmation: null, redirect: null, type: 'portal_homepage' },
              customer_update: null,
              subscription_cancel: null,
              subscription_pause: null,
              subscription_update: null,
              subscription_update_confirm: null,
              type: flowType,
            }
          : null,
        locale: str(body, 'locale') ?? null,
        on_behalf_of: null,
        return_url: str(body, 'return_url') ?? config.default_return_url ?? null,
        url: ctx.url(`/_emulator/portal/${id}`),
      });
      return render(ctx, ctx.put(session), expandOf(body));
    },
  },
];
