import { type AdminPaymentWire, formatCents } from '@app/domain';
import { useState } from 'react';
import { Alert, Button, Dialog, Spinner } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useGetUserPaymentsQuery, useRefundPaymentMutation } from '../api/admin-payments.ts';

const money = (cents: number) => `$${formatCents(cents)}`;
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

function state(payment: AdminPaymentWire): string {
  if (payment.dispute === 'open') return 'Disputed';
  if (payment.dispute === 'lost') return 'Charged back';
  if (payment.refundedCents >= payment.amountCents) return 'Refunded';
  if (payment.refundedCents > 0) return `${money(payment.refundedCents)} refunded`;
  return 'Paid';
}

/**
 * A person's payments with a "Refund" each (all that is left, or an amount) behind the admin
 * password. The refund goes to Stripe; its webhook takes back what the payment granted.
 */
export function UserPayments({ userId, name }: { userId: string; name: string }) {
  const payments = useGetUserPaymentsQuery(userId);
  const [refunding, setRefunding] = useState<AdminPaymentWire>();
  const [done, setDone] = useState<string>();
  return (
    <section aria-labelledby="admin-payments" className="admin-payments">
      <h2 id="admin-payments">Payments of {name}</h2>
      {done && <Alert tone="success">{done}</Alert>}
      {payments.isError ? (
        <Alert>{apiErrorMessage(payments.error, 'The payments could not be loaded.')}</Alert>
      ) : !payments.data ? (
        <Spinner label="Loading payments…" />
      ) : payments.data.payments.length === 0 ? (
        <p>No payments.</p>
      ) : (
        <table>
          <caption className="visually-hidden">Payments of {name}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">What</th>
              <th scope="col">Amount</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {payments.data.payments.map((payment) => (
              <tr key={payment.id}>
                <td>{day(payment.paidAt)}</td>
                <td>{payment.description}</td>
                <td>{money(payment.amountCents)}</td>
                <td>{state(payment)}</td>
                <td>
                  {payment.refundable && (
                    <Button variant="secondary" onClick={() => setRefunding(payment)}>
                      Refund
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Dialog open={!!refunding} title="Refund a payment" onClose={() => setRefunding(undefined)}>
        {refunding && (
          <RefundForm
            userId={userId}
            payment={refunding}
            onDone={(message) => {
              setRefunding(undefined);
              setDone(message);
            }}
          />
        )}
      </Dialog>
    </section>
  );
}

function RefundForm({
  userId,
  payment,
  onDone,
}: {
  userId: string;
  payment: AdminPaymentWire;
  onDone(message: string): void;
}) {
  const left = payment.amountCents - payment.refundedCents;
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [giftRecipient, setGiftRecipient] = useState<'keep' | 'take_back'>('keep');
  const [requestId] = useState(() => crypto.randomUUID());
  const [refund, refundState] = useRefundPaymentMutation();
  const cents = amount.trim() === '' ? undefined : Math.round(Number(amount) * 100);
  const invalid = cents !== undefined && (!Number.isFinite(cents) || cents < 1 || cents > left);

  async function submit() {
    const result = await refund({
      userId,
      paymentId: payment.id,
      body: {
        password,
        requestId,
        ...(cents === undefined ? {} : { amountCents: cents }),
        ...(payment.kind === 'gift' ? { giftRecipient } : {}),
      },
    });
    if ('data' in result && result.data) onDone(result.data.message);
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p>
        {payment.description}, paid {money(payment.amountCents)}; up to {money(left)} can be refunded. What it
        granted is taken back in proportion once Stripe confirms the refund.
      </p>
      <div className="field">
        <label htmlFor="refund-amount">Amount in dollars (empty for all {money(left)})</label>
        <input
          id="refund-amount"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={invalid}
        />
      </div>
      {payment.kind === 'gift' && (
        <div className="field">
          <label htmlFor="refund-gift">If the gift was redeemed</label>
          <select
            id="refund-gift"
            value={giftRecipient}
            onChange={(event) => setGiftRecipient(event.target.value as 'keep' | 'take_back')}
          >
            <option value="keep">Its recipient keeps it</option>
            <option value="take_back">Take it back from its recipient (they are told why)</option>
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor="refund-password">Admin password</label>
        <input
          id="refund-password"
          type="password"
          autoComplete="off"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      {refundState.isError && <Alert>{apiErrorMessage(refundState.error, 'The refund failed.')}</Alert>}
      <div className="actions">
        <Button type="submit" variant="danger" disabled={!password || invalid || refundState.isLoading}>
          {refundState.isLoading
            ? 'Refunding…'
            : `Refund ${cents === undefined ? money(left) : money(cents)}`}
        </Button>
      </div>
    </form>
  );
}
