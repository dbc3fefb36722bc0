import { zodResolver } from '@hookform/resolvers/zod';
import { RedeemGiftCodeBody, type UserWire } from '@app/domain';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert, Button, Dialog } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useRedeem } from '@/api/gifts.ts';

/** The one field the modal asks for, by the server's own rule. */
const GiftCodeField = RedeemGiftCodeBody.pick({ giftCode: true });

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
  const form = useForm({ resolver: zodResolver(GiftCodeField), defaultValues: { giftCode: '' } });
  const code = useWatch({ control: form.control, name: 'giftCode' });
  const [redeem, { isLoading, error, reset }] = useRedeem(user);

  function close() {
    setOpen(false);
    form.reset();
    reset();
  }

  async function onRedeem({ giftCode }: { giftCode: string }) {
    const message = await redeem(giftCode);
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
        <form onSubmit={(event) => void form.handleSubmit(onRedeem)(event)}>
          <div className="field">
            <label htmlFor="gift-code">Gift code</label>
            <input
              id="gift-code"
              required
              autoComplete="off"
              spellCheck={false}
              placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
              {...form.register('giftCode')}
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
