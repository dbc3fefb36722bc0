import type { UserWire } from '@app/domain';
import { type FormEvent, useState } from 'react';
import { Alert, Button, Card } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useCreateTestGiftCodeMutation } from '../api/create-test-gift-code.ts';
import { useRedeem } from '@/api/gifts.ts';
import './test-gift-redeem.css';

/** The hidden admin page's "test gift redeem": make an unpaid test code, then redeem a code. */
export function TestGiftRedeem({ user }: { user: UserWire }) {
  const [code, setCode] = useState('');
  const [create, created] = useCreateTestGiftCodeMutation();
  const [redeem, redeemed] = useRedeem(user);

  async function makeCode() {
    try {
      const { giftcode } = await create({ stripeId: user.stripeid }).unwrap();
      setCode(giftcode.code);
    } catch {
      // Shown below.
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await redeem(code);
  }

  return (
    <Card className="test-gift-redeem">
      <h2>Test gift redeem</h2>
      <p className="muted">
        Makes a Professional Plan gift code without payment, then redeems a code for your own account.
      </p>
      <div className="actions">
        <Button variant="secondary" onClick={() => void makeCode()} disabled={created.isLoading}>
          {created.isLoading ? 'Making…' : 'Make test gift code'}
        </Button>
      </div>
      {created.error && <Alert>{apiErrorMessage(created.error)}</Alert>}
      <form onSubmit={(event) => void onSubmit(event)}>
        <div className="field">
          <label htmlFor="test-gift-code">Gift code</label>
          <input
            id="test-gift-code"
            required
            autoComplete="off"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </div>
        {redeemed.error && <Alert>{apiErrorMessage(redeemed.error)}</Alert>}
        {redeemed.isSuccess && <Alert tone="success">Redeemed: {redeemed.data.tier}</Alert>}
        <div className="actions">
          <Button type="submit" disabled={redeemed.isLoading || !code.trim()}>
            {redeemed.isLoading ? 'Redeeming…' : 'Redeem gift code'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
