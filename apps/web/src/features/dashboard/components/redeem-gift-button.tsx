import type { UserWire } from '@app/domain';
import { type FormEvent, useState } from 'react';
import { Alert, Button, Dialog } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useRedeem } from '@/api/gifts.ts';

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
  const [code, setCode] = useState('');
  const [redeem, { isLoading, error, reset }] = useRedeem(user);

  function close() {
    setOpen(false);
    setCode('');
    reset();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const message = await redeem(code);
    if (message !== false) {
      close();
      onRedeemed(message);
    }
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Redeem gift subscription
      </Button>
      <Dialog open={open} title="Redeem a gift subscription" onClose={close}>
        <p>Enter the gift code you were given. The plan starts now; no card is needed.</p>
        <form onSubmit={(event) => void onSubmit(event)}>
          <div className="field">
            <label htmlFor="gift-code">Gift code</label>
            <input
              id="gift-code"
              name="giftCode"
              required
              autoComplete="off"
              spellCheck={false}
              placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </div>
          {error && <Alert>{apiErrorMessage(error, 'That gift code could not be redeemed.')}</Alert>}
          <div className="actions">
            <Button type="submit" disabled={isLoading || !code.trim()}>
              {isLoading ? 'Redeeming…' : 'Redeem'}
            </Button>
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
