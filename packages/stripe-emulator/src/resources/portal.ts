import { obj, reqStr, str } from '../params.ts';
import { expandOf, render } from '../render.ts';
import type { ApiRoute } from '../router.ts';
import { newId } from '../store.ts';

export const portalRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: '/v1/billing_portal/sessions',
    handler: (ctx, { body }) => {
      const customer = ctx.get(reqStr(body, 'customer'), 'customer', 'customer');
      const flowData = obj(body, 'flow_data');
      const flowType = flowData ? reqStr(flowData, 'type', 'flow_data[type]') : null;
      const id = newId('bps', 24);
      const session = ctx.create('billing_portal.session', 'bps', {
        id,
        configuration: 'bpc_emulator_default',
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
        return_url: str(body, 'return_url') ?? null,
        url: ctx.url(`/_emulator/portal/${id}`),
      });
      return render(ctx, ctx.put(session), expandOf(body));
    },
  },
];
