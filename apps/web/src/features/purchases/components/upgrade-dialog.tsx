import { type PlanChangePreview, type TierOption, formatCents, formatEpochDate } from '@app/domain';
import { Alert, Button, Dialog, Spinner } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';

export const UPGRADE_CONFIRM = 'Confirm upgrade';
export const UPGRADE_KEEP = 'Keep my current plan';

/** '6000' → '6,000': the amounts added read as the plan cards write them. */
const count = (value: number) => value.toLocaleString('en-US');

/**
 * Asks before an upgrade is charged: the new plan, what is charged now (Stripe's preview of the
 * prorated invoice), the credits and hypercredits added, and what the renewal will be. Nothing is
 * charged unless "Confirm upgrade" is pressed.
 */
export function UpgradeDialog({
  open,
  tier,
  renewsOn,
  preview,
  previewError,
  changeError,
  changing,
  onConfirm,
  onClose,
}: {
  open: boolean;
  tier: TierOption;
  /** Epoch seconds: the renewal date of the plan now running, which an upgrade keeps. */
  renewsOn: number | null;
  preview: PlanChangePreview | undefined;
  previewError: unknown;
  changeError: unknown;
  changing: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const period = tier.ptype === 'Yearly' ? 'year' : 'month';
  const renewal = `${tier.tier} renews at $${formatCents(tier.price)} a ${period}`;
  let body;
  if (previewError) {
    body = (
      <Alert>{apiErrorMessage(previewError, 'The price of this upgrade could not be worked out.')}</Alert>
    );
  } else if (!preview) {
    body = <Spinner label="Working out the price…" />;
  } else {
    body = (
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
          {renewsOn ? `From ${formatEpochDate(renewsOn)}, ${renewal}.` : `At your next renewal, ${renewal}.`}{' '}
          The charge now covers the rest of the current period; its invoice is sent to your email.
        </p>
      </>
    );
  }
  return (
    <Dialog open={open} title={`Upgrade to ${tier.tier}?`} onClose={onClose}>
      {body}
      {Boolean(changeError) && (
        <Alert>{apiErrorMessage(changeError, 'Your plan could not be changed.')}</Alert>
      )}
      <div className="actions">
        <Button variant="secondary" onClick={onClose} disabled={changing}>
          {UPGRADE_KEEP}
        </Button>
        <Button onClick={onConfirm} disabled={!preview || changing}>
          {changing ? 'Upgrading…' : UPGRADE_CONFIRM}
        </Button>
      </div>
    </Dialog>
  );
}
