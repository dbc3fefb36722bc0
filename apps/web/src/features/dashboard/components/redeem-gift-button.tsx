import type { UserWire } from '@app/domain';
import { Suspense, lazy, useState } from 'react';
import { Button, Dialog, Spinner } from '@/components/ui/index.ts';

// The form (react-hook-form and the schema code) is not needed to show the dashboard: it loads when
// the button is pointed at or focused, before the modal opens.
const loadForm = () => import('./redeem-gift-form.tsx');
const RedeemGiftForm = lazy(() => loadForm().then((module) => ({ default: module.RedeemGiftForm })));

/**
 * The dashboard's "Redeem gift subscription" button and its modal (the code is required). The page
 * shows the success message (`onRedeemed`) where it fits: the button sits in a row of buttons.
 */
export function RedeemGiftButton({
  user,
  onRedeemed,
}: {
  user: UserWire;
  onRedeemed: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadForm()}
        onFocus={() => void loadForm()}
      >
        Redeem gift subscription
      </Button>
      <Dialog open={open} title="Redeem a gift subscription" onClose={close}>
        <p>Enter the gift code you were given. The plan starts now; no card is needed.</p>
        <Suspense fallback={<Spinner />}>
          <RedeemGiftForm
            user={user}
            onCancel={close}
            onRedeemed={(message) => {
              close();
              onRedeemed(message);
            }}
          />
        </Suspense>
      </Dialog>
    </>
  );
}
