import type { PlanChangePreview } from '@app/domain';
import type { ReactNode } from 'react';
import { Alert, Button, Dialog, Spinner } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';

export const KEEP_CURRENT_PLAN = 'Keep my current plan';

/** '6000' → '6,000': amounts read as the plan cards write them. */
export const count = (value: number) => value.toLocaleString('en-US');

/** What every plan change dialog is given by the button that opens it. */
export interface PlanChangeDialogProps {
  open: boolean;
  preview: PlanChangePreview | undefined;
  previewError: unknown;
  changeError: unknown;
  changing: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The frame of a plan change's confirmation: Stripe's preview once it has answered (`summary`
 * draws it), its failure or a spinner before, the change's own failure, and the two choices.
 * Nothing changes unless the confirm button is pressed.
 */
export function PlanChangeDialog({
  open,
  title,
  confirmLabel,
  busyLabel,
  loadingLabel,
  previewFailure,
  summary,
  preview,
  previewError,
  changeError,
  changing,
  onConfirm,
  onClose,
}: PlanChangeDialogProps & {
  title: string;
  confirmLabel: string;
  busyLabel: string;
  loadingLabel: string;
  /** Said when Stripe's preview could not be had and the error carries no words of its own. */
  previewFailure: string;
  summary: (preview: PlanChangePreview) => ReactNode;
}) {
  let body;
  if (previewError) body = <Alert>{apiErrorMessage(previewError, previewFailure)}</Alert>;
  else if (!preview) body = <Spinner label={loadingLabel} />;
  else body = summary(preview);
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      {body}
      {Boolean(changeError) && (
        <Alert>{apiErrorMessage(changeError, 'Your plan could not be changed.')}</Alert>
      )}
      <div className="actions">
        <Button variant="secondary" onClick={onClose} disabled={changing}>
          {KEEP_CURRENT_PLAN}
        </Button>
        <Button onClick={onConfirm} disabled={!preview || changing}>
          {changing ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
