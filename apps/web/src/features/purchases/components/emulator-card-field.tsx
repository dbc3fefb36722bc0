import { type CSSProperties, useEffect, useId, useMemo, useState } from 'react';
import { type CardFieldProps, authenticationErrorText } from './card-field.ts';
import { type CardCheck, checkCardNumber, checkCvc, checkExpiry } from './card-validation.ts';

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
          ? { ok: false, message: authenticationErrorText(result.error) }
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
        <CardInput
          className="card-field-number"
          label="Card number"
          check={checkCardNumber}
          style={style}
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={number}
          onValue={(value) => {
            const next = groupNumber(value);
            setNumber(next);
            onChange({ empty: digits(next).length === 0, error: null });
          }}
        />
        <CardInput
          label="Expiry"
          check={checkExpiry}
          style={style}
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={expiry}
          onValue={(value) => setExpiry(formatExpiry(value))}
        />
        <CardInput
          label="CVC"
          check={checkCvc}
          style={style}
          autoComplete="cc-csc"
          placeholder="CVC"
          value={cvc}
          onValue={(value) => setCvc(digits(value).slice(0, 4))}
        />
      </div>
    </fieldset>
  );
}

/** One card input with its message: shown while typing when wrong, or once left when unfinished. */
function CardInput({
  label,
  check,
  value,
  onValue,
  className,
  ...input
}: {
  label: string;
  check: CardCheck;
  value: string;
  onValue(value: string): void;
  className?: string;
  style: CSSProperties;
  autoComplete: string;
  placeholder: string;
}) {
  const id = useId();
  const [left, setLeft] = useState(false);
  // A cleared field (after a failed payment) starts over without complaints.
  const message = value ? check(value, left) : null;
  return (
    <div className={className ? `card-input ${className}` : 'card-input'}>
      <label>
        <span>{label}</span>
        <input
          {...input}
          inputMode="numeric"
          value={value}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? id : undefined}
          onChange={(event) => {
            setLeft(false);
            onValue(event.target.value);
          }}
          onBlur={() => setLeft(true)}
        />
      </label>
      {message && (
        <span className="field-error card-input-error" id={id}>
          {message}
        </span>
      )}
    </div>
  );
}
