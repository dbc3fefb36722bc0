import { SAME_PLAN_MESSAGE, type TierOption } from '@app/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useUpdateSubscriptionMutation } from '../api/update-subscription.ts';
import './purchases.css';

/**
 * On the tier page for a paying user: changes their plan in place (upgrade now, downgrade at the
 * period end) instead of starting a new checkout, then shows the change landing.
 */
export function ChangePlanButton({
  tier,
  userId,
  stripeId,
  current,
}: {
  tier: TierOption;
  userId: string;
  stripeId: string | null;
  current: boolean;
}) {
  const navigate = useNavigate();
  const [update, { isLoading, error }] = useUpdateSubscriptionMutation();
  const [notice, setNotice] = useState<string | null>(null);

  async function change() {
    setNotice(null);
    try {
      const result = await update({ userId, stripeId, newsubscriptiontype: tier.tier }).unwrap();
      if (result.change === 'same') setNotice(result.message);
      else void navigate(paths.subChangeLanding.href(), { state: { result } });
    } catch {
      // The error is shown below.
    }
  }

  return (
    <div className="change-plan">
      <Button
        variant={current ? 'secondary' : 'primary'}
        onClick={() => (current ? setNotice(SAME_PLAN_MESSAGE) : void change())}
        disabled={isLoading}
      >
        {isLoading ? 'Changing plan…' : current ? 'Your current plan' : `Switch to ${tier.tier}`}
      </Button>
      {notice && <Alert tone="info">{notice}</Alert>}
      {error && <Alert>{apiErrorMessage(error, 'Your plan could not be changed.')}</Alert>}
    </div>
  );
}
