import { type TierOption, formatCents, formatEpochDate } from '@app/domain';
import {
  KEEP_CURRENT_PLAN,
  PlanChangeDialog,
  type PlanChangeDialogProps,
  count,
} from './plan-change-dialog.tsx';

export const DOWNGRADE_CONFIRM = 'Confirm downgrade';
export const DOWNGRADE_KEEP = KEEP_CURRENT_PLAN;

/**
 * Asks before a downgrade is scheduled: what changes and when (the period end), that nothing is
 * charged or credited now, and what the first invoice on the new plan will be (Stripe's preview).
 * Nothing changes unless "Confirm downgrade" is pressed.
 */
export function DowngradeDialog({
  tier,
  currentTier,
  ...dialog
}: PlanChangeDialogProps & { tier: TierOption; currentTier: string }) {
  const period = tier.ptype === 'Yearly' ? 'year' : 'month';
  return (
    <PlanChangeDialog
      {...dialog}
      title={`Downgrade to ${tier.tier}?`}
      confirmLabel={DOWNGRADE_CONFIRM}
      busyLabel="Scheduling…"
      loadingLabel="Asking what the change would be…"
      previewFailure="This downgrade could not be worked out."
      summary={(preview) => {
        const when = preview.effectiveDate ? formatEpochDate(preview.effectiveDate) : 'your next renewal';
        return (
          <>
            <dl className="upgrade-summary">
              <div>
                <dt>New plan</dt>
                <dd data-testid="downgrade-plan">{preview.plan}</dd>
              </div>
              <div>
                <dt>Starts</dt>
                <dd data-testid="downgrade-date">{when}</dd>
              </div>
              <div>
                <dt>Charged or credited now</dt>
                <dd data-testid="downgrade-now">Nothing</dd>
              </div>
              <div>
                <dt>From then on</dt>
                <dd data-testid="downgrade-renewal">
                  ${formatCents(preview.renewalAmount ?? tier.price)} a {period}, with {count(tier.credits)}{' '}
                  credits and {count(tier.hypercredits)} hypercredits each month
                </dd>
              </div>
            </dl>
            <p className="muted">
              You keep {currentTier} and its credits until {when}. The rest of this period is not refunded;
              you can cancel or change your plan again before then.
            </p>
          </>
        );
      }}
    />
  );
}
