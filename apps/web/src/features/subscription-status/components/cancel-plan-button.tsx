import { CANCELLATION_RULE } from '@app/domain';
import { useState } from 'react';
import { Button, Dialog } from '@/components/ui/index.ts';

export const CANCEL_CONFIRM = 'Do you really want to cancel?';

/**
 * Cancel, behind the confirm dialog. Its buttons say what they do: a browser confirm's "Cancel"
 * would mean keeping the plan, the opposite of the button that opened it.
 */
export function CancelPlanButton({ busy, onConfirm }: { busy: boolean; onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger" disabled={busy} onClick={() => setOpen(true)}>
        {busy ? 'Cancelling…' : 'Cancel'}
      </Button>
      <Dialog open={open} title={CANCEL_CONFIRM} onClose={() => setOpen(false)}>
        <p>
          Your plan stays active until the end of the current billing period and then ends.{' '}
          {CANCELLATION_RULE}
        </p>
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
