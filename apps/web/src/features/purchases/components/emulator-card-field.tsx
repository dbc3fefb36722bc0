import { useEffect, useMemo, useState } from 'react';
import type { CardFieldProps } from './card-field.ts';

// The emulator's client belongs to the embedded default only: it sits in its own chunk, fetched
// when this field first talks to the emulator, so a build for real Stripe never downloads it.
const loadClient = async (options: { url: string; publishableKey: string }) =>
  (await import('@app/stripe-emulator/browser')).createEmulatorClient(options);

const digits = (value: string) => value.replace(/\D/g, '');
const groupNumber = (value: string) =>
  digits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
const formatExpiry = (value: string) => {
  const d = digits(value).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
};

/**
 * The card field of the embedded default: number, expiry and CVC inputs that talk to the Stripe
 * emulator with the publishable key, the way Stripe Elements talks to Stripe.
 */
export function EmulatorCardField({
  url,
  publishableKey,
  fontSize,
  disabled,
  onReady,
  onChange,
}: CardFieldProps & { url: string; publishableKey: string }) {
  const client = useMemo(() => loadClient({ url, publishableKey }), [url, publishableKey]);
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');

  useEffect(() => {
    onReady({
      async createPaymentMethod(billing) {
        const [month, year] = digits(expiry)
          .match(/^(\d{2})(\d{2})$/)
          ?.slice(1) ?? ['', ''];
        const result = await (
          await client
        ).createPaymentMethod({
          card: {
            number: digits(number),
            exp_month: month || '0',
            exp_year: year ? `20${year}` : '0',
            cvc: digits(cvc),
          },
          billing_details: billing,
        });
        return result.error
          ? { ok: false, message: result.error.message }
          : { ok: true, value: result.paymentMethod.id };
      },
      async handleCardAction(clientSecret) {
        const result = await (await client).handleCardAction(clientSecret);
        return result.error
          ? { ok: false, message: result.error.message }
          : { ok: true, value: result.paymentIntent.status };
      },
      clear() {
        setNumber('');
        setExpiry('');
        setCvc('');
        onChange({ empty: true, error: null });
      },
    });
  }, [client, number, expiry, cvc, onReady, onChange]);

  const style = { fontSize: `${fontSize}px` };
  return (
    <fieldset className="card-field" disabled={disabled}>
      <legend>Card</legend>
      <div className="card-field-row">
        <label className="card-field-number">
          <span>Card number</span>
          <input
            style={style}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={number}
            onChange={(event) => {
              const next = groupNumber(event.target.value);
              setNumber(next);
              onChange({ empty: digits(next).length === 0, error: null });
            }}
          />
        </label>
        <label>
          <span>Expiry</span>
          <input
            style={style}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiry}
            onChange={(event) => setExpiry(formatExpiry(event.target.value))}
          />
        </label>
        <label>
          <span>CVC</span>
          <input
            style={style}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            value={cvc}
            onChange={(event) => setCvc(digits(event.target.value).slice(0, 4))}
          />
        </label>
      </div>
    </fieldset>
  );
}
