import { CANCELLATION_RULE, formatEpochDate } from '@app/domain';
import { useState } from 'react';
import { Button, Dialog } from '@/components/ui/index.ts';

export const CANCEL_CONFIRM = 'Do you really want to cancel?';

/**
 * Cancel, behind the confirm dialog. Its buttons say what they do: a browser confirm's "Cancel"
 * would mean keeping the plan, the opposite of the button that opened it.
 */
export function CancelPlanButton({
  busy,
  onConfirm,
  plan,
  periodEnd,
  downgradeTo,
}: {
  busy: boolean;
  onConfirm: () => void;
  plan: string;
  /** Epoch seconds: the end of the billing period now running. */
  periodEnd: number;
  /** A scheduled downgrade, which cancelling drops. */
  downgradeTo: string | null;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger" disabled={busy} onClick={() => setOpen(true)}>
        {busy ? 'Cancelling…' : 'Cancel'}
      </Button>
      <Dialog open={open} title={CANCEL_CONFIRM} onClose={() => setOpen(false)}>
        {/* SPEC §4: it ends at the end of the current cycle; §9 quoted as the terms say it, and
            what it means here, so the two never read as a contradiction. */}
        <p data-testid="cancel-effect">
          Your {plan} stays active until {formatEpochDate(periodEnd)}, the end of the current billing period,
          and then ends: it will not renew and nothing more is charged.
        </p>
        <p data-testid="cancel-terms">
          Our terms say: “{CANCELLATION_RULE}” Cancelling now stops the coming renewal even when it is less
          than 30 days away. No refunds for the period already paid.
        </p>
        {downgradeTo && (
          <p data-testid="cancel-downgrade">
            Your scheduled change to {downgradeTo} is dropped. If you renew before{' '}
            {formatEpochDate(periodEnd)}, you stay on {plan}; choose {downgradeTo} again from Change
            Subscription.
          </p>
        )}
        <div className="actions">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Keep my plan
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            Cancel plan
          </Button>
        </div>
      </Dialog>
    </>
  );
}
