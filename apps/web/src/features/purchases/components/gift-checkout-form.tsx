import { GIFT_TYPE, type TierOption } from '@app/domain';

/** A gift goes through hosted checkout: the form posts and the server answers with its page. */
export function GiftCheckoutForm({ tier }: { tier: TierOption }) {
  return (
    <form method="POST" action="/api/payment/create-checkout-session">
      <input type="hidden" name="purchaseType" value={GIFT_TYPE} />
      <input type="hidden" name="tierType" value={tier.plan} />
      <input type="hidden" name="recurringType" value={tier.ptype} />
      <button type="submit" className="btn btn-primary">
        Gift {tier.tier}
      </button>
    </form>
  );
}
