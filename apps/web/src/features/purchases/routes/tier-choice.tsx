import {
  BASE_PLAN_NAMES,
  type BillingPeriod,
  CANCELLATION_RULE,
  FREE_PLAN,
  TIER_OPTIONS,
  findTier,
  formatEpochDate,
  giftPlanMessage,
  GIFT_TYPE,
  PLAN_TYPE,
  yearlySaving,
} from '@app/domain';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { GiftedPlans } from '@/components/gifted-plans/index.ts';
import { Alert } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { useCurrentUserQuery } from '@/lib/auth/get-current-user.ts';
import { useGetOwnSubscriptionsQuery } from '@/api/subscriptions.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useCreatePaymentIntentMutation } from '../api/create-payment-intent.ts';
import { ChangePlanButton } from '../components/change-plan-button.tsx';
import { GiftCheckoutForm } from '../components/gift-checkout-form.tsx';
import { TierCard } from '../components/tier-card.tsx';
import '../components/purchases.css';

/** The yearly toggle's promise, from the catalog: the least any plan saves (all save the same today). */
const YEARLY_SAVE_TEXT = (() => {
  const savings = BASE_PLAN_NAMES.map((plan) => {
    const monthly = findTier(plan, 'Monthly')!;
    return yearlySaving(monthly.price, findTier(plan, 'Yearly')!.price);
  });
  const least = Math.min(...savings.map((saving) => saving.percentOff));
  return `save ${least}%`;
})();

/** /pay and /subscription: choose a plan, monthly or yearly; `purchaseType=Gift` buys it as a gift. */
export function TierChoicePage() {
  const [params] = useSearchParams();
  const gift = params.get('purchaseType') === GIFT_TYPE;
  useDocumentTitle(gift ? 'Gift a subscription' : 'Choose your plan');
  const [period, setPeriod] = useState<BillingPeriod>('Monthly');
  const navigate = useNavigate();
  // A gift is for someone else, so the buyer's own subscription is not loaded.
  const { data: user } = useCurrentUserQuery(undefined, { skip: gift });
  const onAPlan = Boolean(user && user.subscription_status !== FREE_PLAN);
  // Whether the plan is paid (changed in place) or a gift (it runs out; nothing to change).
  const own = useGetOwnSubscriptionsQuery(undefined, { skip: gift || !onAPlan });
  const live = own.data?.subscriptions ?? [];
  const paid = live.find((subscription) => !subscription.gifted);
  const onlyGift = paid ? undefined : live.find((subscription) => subscription.gifted);
  const currentTier = gift ? undefined : (paid?.tier ?? onlyGift?.tier ?? user?.subscription_status);
  const [createIntent, { isLoading, error }] = useCreatePaymentIntentMutation();
  const [pending, setPending] = useState<string | null>(null);

  async function choose(index: number) {
    const tier = TIER_OPTIONS[index]!;
    setPending(tier.tier);
    try {
      const paymentIntent = await createIntent({
        purchaseType: PLAN_TYPE,
        tierType: tier.plan,
        recurringType: tier.ptype,
      }).unwrap();
      void navigate(paths.checkout.href(), { state: { paymentIntent, selectedTierIndex: index } });
    } catch {
      setPending(null);
    }
  }

  return (
    <section className="tier-choice">
      <h1>{gift ? 'Gift a subscription' : 'Choose your plan'}</h1>
      <p className="lead">
        {gift
          ? 'Pick a plan to give. After payment you get a gift code to share; it is redeemed from the dashboard.'
          : `Every plan renews automatically. ${CANCELLATION_RULE}`}
      </p>
      <div className="period-toggle" role="group" aria-label="Billing period">
        {(['Monthly', 'Yearly'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className="period-option"
            aria-pressed={period === option}
            onClick={() => setPeriod(option)}
          >
            {option}
            {option === 'Yearly' && <span className="period-save"> · {YEARLY_SAVE_TEXT}</span>}
          </button>
        ))}
      </div>
      {error && <Alert>{apiErrorMessage(error)}</Alert>}
      {onlyGift && <Alert tone="info">{giftPlanMessage(onlyGift.tier, onlyGift.current_period_end)}</Alert>}
      {/* Gifts running beside the paid plan (a change of plan leaves them as they are). */}
      {paid && <GiftedPlans subscriptions={live} />}
      <div className="tier-grid">
        {TIER_OPTIONS.map((tier, index) =>
          tier.ptype !== period ? null : (
            <TierCard key={tier.tier} tier={tier} current={currentTier === tier.tier}>
              {gift ? (
                <GiftCheckoutForm tier={tier} />
              ) : onlyGift ? (
                // A gift cannot be changed; a paid plan is chosen once it has ended (see the notice).
                onlyGift.tier === tier.tier && onlyGift.current_period_end ? (
                  <p className="tier-gift-until">
                    Gifted until {formatEpochDate(onlyGift.current_period_end)}
                  </p>
                ) : null
              ) : onAPlan && own.isLoading ? null : user && onAPlan ? (
                // A paying user changes plan in place rather than starting a second subscription.
                <ChangePlanButton
                  tier={tier}
                  userId={user.user_id}
                  stripeId={user.stripeid}
                  currentTier={currentTier ?? user.subscription_status}
                  renewsOn={paid?.current_period_end ?? null}
                />
              ) : (
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={isLoading || user?.subscription_status === tier.tier}
                  onClick={() => void choose(index)}
                >
                  {pending === tier.tier ? 'Preparing checkout…' : `Choose ${tier.tier}`}
                </button>
              )}
              {!gift && (
                <Link className="tier-gift-link" to={paths.subscription.href({ purchaseType: GIFT_TYPE })}>
                  Give as a gift<span className="visually-hidden">: {tier.tier}</span>
                </Link>
              )}
            </TierCard>
          ),
        )}
      </div>
    </section>
  );
}
