import { type PlanChangePreview, type TierOption, formatCents, formatEpochDate } from '@app/domain';
import { Alert, Button, Dialog, Spinner } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';

export const DOWNGRADE_CONFIRM = 'Confirm downgrade';
export const DOWNGRADE_KEEP = 'Keep my current plan';

const count = (value: number) => value.toLocaleString('en-US');

/**
 * Asks before a downgrade is scheduled: what changes and when (the period end), that nothing is
 * charged or credited now, and what the first invoice on the new plan will be (Stripe's preview).
 * Nothing changes unless "Confirm downgrade" is pressed.
 */
export function DowngradeDialog({
  open,
  tier,
  currentTier,
  preview,
  previewError,
  changeError,
  changing,
  onConfirm,
  onClose,
}: {
  open: boolean;
  tier: TierOption;
  currentTier: string;
  preview: PlanChangePreview | undefined;
  previewError: unknown;
  changeError: unknown;
  changing: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const period = tier.ptype === 'Yearly' ? 'year' : 'month';
  let body;
  if (previewError) {
    body = <Alert>{apiErrorMessage(previewError, 'This downgrade could not be worked out.')}</Alert>;
  } else if (!preview) {
    body = <Spinner label="Asking what the change would be…" />;
  } else {
    const when = preview.effectiveDate ? formatEpochDate(preview.effectiveDate) : 'your next renewal';
    body = (
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
              credits and {count(tier.hypercredits)} hypercredits each {period}
            </dd>
          </div>
        </dl>
        <p className="muted">
          You keep {currentTier} and its credits until {when}. The rest of this period is not refunded; you
          can cancel or change your plan again before then.
        </p>
      </>
    );
  }
  return (
    <Dialog open={open} title={`Downgrade to ${tier.tier}?`} onClose={onClose}>
      {body}
      {Boolean(changeError) && (
        <Alert>{apiErrorMessage(changeError, 'Your plan could not be changed.')}</Alert>
      )}
      <div className="actions">
        <Button variant="secondary" onClick={onClose} disabled={changing}>
          {DOWNGRADE_KEEP}
        </Button>
        <Button onClick={onConfirm} disabled={!preview || changing}>
          {changing ? 'Scheduling…' : DOWNGRADE_CONFIRM}
        </Button>
      </div>
    </Dialog>
  );
}
