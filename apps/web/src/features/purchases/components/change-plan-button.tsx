import { SAME_PLAN_MESSAGE, type TierOption, decidePlanChange } from '@app/domain';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { Alert, Button } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { usePreviewPlanChangeMutation } from '../api/preview-plan-change.ts';
import { useUpdateSubscriptionMutation } from '../api/update-subscription.ts';
import { UpgradeDialog } from './upgrade-dialog.tsx';
import './purchases.css';

/**
 * On the tier page for a paying user: changes their plan in place instead of starting a new
 * checkout, then shows the change landing. An upgrade is charged at once, so it first asks, with the
 * amount from Stripe's preview; a downgrade is scheduled for the period end and charges nothing.
 */
export function ChangePlanButton({
  tier,
  userId,
  stripeId,
  currentTier,
  renewsOn,
}: {
  tier: TierOption;
  userId: string;
  stripeId: string | null;
  /** The plan the user pays for now. */
  currentTier: string;
  /** Epoch seconds: when the plan now running renews; null if unknown. */
  renewsOn: number | null;
}) {
  const navigate = useNavigate();
  const [update, updateState] = useUpdateSubscriptionMutation();
  const [preview, previewState] = usePreviewPlanChangeMutation();
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const current = currentTier === tier.tier;
  const body = { userId, stripeId, newsubscriptiontype: tier.tier };

  async function change() {
    setNotice(null);
    try {
      const result = await update(body).unwrap();
      if (result.change === 'same') setNotice(result.message);
      else void navigate(paths.subChangeLanding.href(), { state: { result } });
    } catch {
      // The error is shown below, or in the upgrade dialog.
    }
  }

  function choose() {
    if (current) return setNotice(SAME_PLAN_MESSAGE);
    if (decidePlanChange(currentTier, tier.tier) !== 'upgrade') return void change();
    setNotice(null);
    updateState.reset();
    previewState.reset();
    setConfirming(true);
    // The dialog shows the answer, or why there is none.
    void preview(body);
  }

  function keepPlan() {
    if (updateState.isLoading) return;
    setConfirming(false);
    updateState.reset();
  }

  return (
    <div className="change-plan">
      <Button
        variant={current ? 'secondary' : 'primary'}
        onClick={choose}
        disabled={updateState.isLoading && !confirming}
      >
        {updateState.isLoading && !confirming
          ? 'Changing plan…'
          : current
            ? 'Your current plan'
            : `Switch to ${tier.tier}`}
      </Button>
      {notice && <Alert tone="info">{notice}</Alert>}
      {updateState.error && !confirming && (
        <Alert>{apiErrorMessage(updateState.error, 'Your plan could not be changed.')}</Alert>
      )}
      {/* Outside the plan card, so the card's layout does not reach into the dialog. */}
      {createPortal(
        <UpgradeDialog
          open={confirming}
          tier={tier}
          renewsOn={renewsOn}
          preview={previewState.data}
          previewError={previewState.error}
          changeError={updateState.error}
          changing={updateState.isLoading}
          onConfirm={() => void change()}
          onClose={keepPlan}
        />,
        document.body,
      )}
    </div>
  );
}
