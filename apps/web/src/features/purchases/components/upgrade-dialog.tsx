import { type TierOption, formatCents, formatEpochDate } from '@app/domain';
import {
  KEEP_CURRENT_PLAN,
  PlanChangeDialog,
  type PlanChangeDialogProps,
  count,
} from './plan-change-dialog.tsx';

export const UPGRADE_CONFIRM = 'Confirm upgrade';
export const UPGRADE_KEEP = KEEP_CURRENT_PLAN;

/**
 * Asks before an upgrade is charged: the new plan, what is charged now (Stripe's preview of the
 * prorated invoice), the credits and hypercredits added, and what the renewal will be. Nothing is
 * charged unless "Confirm upgrade" is pressed.
 */
export function UpgradeDialog({
  tier,
  renewsOn,
  ...dialog
}: PlanChangeDialogProps & {
  tier: TierOption;
  /** Epoch seconds: the renewal date of the plan now running, which an upgrade keeps. */
  renewsOn: number | null;
}) {
  const period = tier.ptype === 'Yearly' ? 'year' : 'month';
  const renewal = `${tier.tier} renews at $${formatCents(tier.price)} a ${period}`;
  return (
    <PlanChangeDialog
      {...dialog}
      title={`Upgrade to ${tier.tier}?`}
      confirmLabel={UPGRADE_CONFIRM}
      busyLabel="Upgrading…"
      loadingLabel="Working out the price…"
      previewFailure="The price of this upgrade could not be worked out."
      summary={(preview) => (
        <>
          <dl className="upgrade-summary">
            <div>
              <dt>New plan</dt>
              <dd data-testid="upgrade-plan">{preview.plan}</dd>
            </div>
            <div>
              <dt>Charged now</dt>
              <dd data-testid="upgrade-amount">${formatCents(preview.amountDueNow)}</dd>
            </div>
            <div>
              <dt>Added now</dt>
              <dd data-testid="upgrade-credits">
                {count(preview.credits)} credits and {count(preview.hypercredits)} hypercredits
              </dd>
            </div>
          </dl>
          <p className="muted" data-testid="upgrade-renewal">
            {renewsOn
              ? `From ${formatEpochDate(renewsOn)}, ${renewal}.`
              : `At your next renewal, ${renewal}.`}{' '}
            The charge now covers the rest of the current period; its invoice is sent to your email.
          </p>
        </>
      )}
    />
  );
}
