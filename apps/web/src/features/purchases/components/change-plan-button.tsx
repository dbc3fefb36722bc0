import { SAME_PLAN_MESSAGE, type TierOption, decidePlanChange } from '@app/domain';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { Alert, Button } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { usePreviewPlanChangeMutation } from '../api/preview-plan-change.ts';
import { useUpdateSubscriptionMutation } from '../api/update-subscription.ts';
import { DowngradeDialog } from './downgrade-dialog.tsx';
import type { PlanChangeDialogProps } from './plan-change-dialog.tsx';
import { UpgradeDialog } from './upgrade-dialog.tsx';
import './purchases.css';

/**
 * On the tier page for a paying user: changes their plan in place instead of starting a new
 * checkout, then shows the change landing. Either change first asks, with Stripe's preview: an
 * upgrade with the amount charged at once, a downgrade with its date and the new plan's first invoice.
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
  const [confirming, setConfirming] = useState<'upgrade' | 'downgrade' | null>(null);
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
    const kind = decidePlanChange(currentTier, tier.tier);
    if (kind === 'same') return void change();
    setNotice(null);
    updateState.reset();
    previewState.reset();
    setConfirming(kind);
    // The dialog shows the answer, or why there is none.
    void preview(body);
  }

  function keepPlan() {
    if (updateState.isLoading) return;
    setConfirming(null);
    updateState.reset();
  }

  // What both confirmations show and do: Stripe's preview, the change's state, the two choices.
  const dialog: Omit<PlanChangeDialogProps, 'open'> = {
    preview: previewState.data,
    previewError: previewState.error,
    changeError: updateState.error,
    changing: updateState.isLoading,
    onConfirm: () => void change(),
    onClose: keepPlan,
  };
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
        <>
          <UpgradeDialog {...dialog} open={confirming === 'upgrade'} tier={tier} renewsOn={renewsOn} />
          <DowngradeDialog
            {...dialog}
            open={confirming === 'downgrade'}
            tier={tier}
            currentTier={currentTier}
          />
        </>,
        document.body,
      )}
    </div>
  );
}
