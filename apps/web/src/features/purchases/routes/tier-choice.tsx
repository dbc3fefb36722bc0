import { type BillingPeriod, FREE_PLAN, TIER_OPTIONS } from '@app/domain';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { useCurrentUserQuery } from '@/features/auth/index.ts';
import { ChangePlanButton } from '@/features/subscription-status/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useCreatePaymentIntentMutation } from '../api/create-payment-intent.ts';
import { GiftCheckoutForm } from '../components/gift-checkout-form.tsx';
import { TierCard } from '../components/tier-card.tsx';
import '../components/purchases.css';

/** /pay and /subscription: choose a plan, monthly or yearly; `purchaseType=Gift` buys it as a gift. */
export function TierChoicePage() {
  const [params] = useSearchParams();
  const gift = params.get('purchaseType') === 'Gift';
  useDocumentTitle(gift ? 'Gift a subscription' : 'Choose your plan');
  const [period, setPeriod] = useState<BillingPeriod>('Monthly');
  const navigate = useNavigate();
  // A gift is for someone else, so the buyer's own subscription is not loaded.
  const { data: user } = useCurrentUserQuery(undefined, { skip: gift });
  const [createIntent, { isLoading, error }] = useCreatePaymentIntentMutation();
  const [pending, setPending] = useState<string | null>(null);

  async function choose(index: number) {
    const tier = TIER_OPTIONS[index]!;
    setPending(tier.tier);
    try {
      const paymentIntent = await createIntent({
        purchaseType: 'Subscription',
        tierType: tier.plan,
        recurringType: tier.ptype,
      }).unwrap();
      navigate(paths.checkout.href(), { state: { paymentIntent, selectedTierIndex: index } });
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
          : 'Every plan renews automatically and can be cancelled any time before the renewal date.'}
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
            {option === 'Yearly' && <span className="period-save"> · 2 months free</span>}
          </button>
        ))}
      </div>
      {error && <Alert>{apiErrorMessage(error)}</Alert>}
      <div className="tier-grid">
        {TIER_OPTIONS.map((tier, index) =>
          tier.ptype !== period ? null : (
            <TierCard key={tier.tier} tier={tier} current={!gift && user?.subscription_status === tier.tier}>
              {gift ? (
                <GiftCheckoutForm tier={tier} />
              ) : user && user.subscription_status !== FREE_PLAN ? (
                // A paying user changes plan in place rather than starting a second subscription.
                <ChangePlanButton
                  tier={tier}
                  userId={user.user_id}
                  stripeId={user.stripeid}
                  current={user.subscription_status === tier.tier}
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
            </TierCard>
          ),
        )}
      </div>
    </section>
  );
}
