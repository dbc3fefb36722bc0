import { zodResolver } from '@hookform/resolvers/zod';
import { RedeemGiftCodeBody, type UserWire } from '@app/domain';
import { type ChangeEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, Button } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useRedeem } from '@/api/gifts.ts';

/** The one field the modal asks for, by the server's own rule. */
const GiftCodeField = RedeemGiftCodeBody.pick({ giftCode: true });

/** The gift code form of the redeem modal; it starts afresh each time the modal opens. */
export function RedeemGiftForm({
  user,
  onRedeemed,
  onCancel,
}: {
  user: UserWire;
  onRedeemed: (message: string) => void;
  onCancel: () => void;
}) {
  const form = useForm({ resolver: zodResolver(GiftCodeField), defaultValues: { giftCode: '' } });
  // Followed from the field's own change events, not useWatch: the form can arrive while the modal
  // is already open, and a code typed before useWatch subscribed would leave Redeem disabled.
  const [code, setCode] = useState('');
  const [redeem, { isLoading, error }] = useRedeem(user);

  async function onRedeem({ giftCode }: { giftCode: string }) {
    const message = await redeem(giftCode);
    if (message !== false) onRedeemed(message);
  }

  return (
    <form onSubmit={(event) => void form.handleSubmit(onRedeem)(event)}>
      <div className="field">
        <label htmlFor="gift-code">Gift code</label>
        {/* The form may arrive after the modal opened: it takes the focus itself. */}
        <input
          id="gift-code"
          autoFocus
          required
          autoComplete="off"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
          {...form.register('giftCode', {
            onChange: (event: ChangeEvent<HTMLInputElement>) => setCode(event.target.value),
          })}
        />
      </div>
      {error && <Alert>{apiErrorMessage(error, 'That gift code could not be redeemed.')}</Alert>}
      <div className="actions">
        <Button type="submit" disabled={isLoading || !code.trim()}>
          {isLoading ? 'Redeeming…' : 'Redeem'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
