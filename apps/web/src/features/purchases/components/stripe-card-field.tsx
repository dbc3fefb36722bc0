import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect } from 'react';
import { type CardFieldProps, authenticationErrorText } from './card-field.ts';

const loaded = new Map<string, Promise<Stripe | null>>();

function CardElementField({ fontSize, disabled, onReady, onChange }: CardFieldProps) {
  const stripe = useStripe();
  const elements = useElements();

  useEffect(() => {
    if (!stripe || !elements) return;
    onReady({
      async createPaymentMethod(billing) {
        const card = elements.getElement(CardElement);
        if (!card) return { ok: false, message: 'The card field is not ready' };
        const result = await stripe.createPaymentMethod({ type: 'card', card, billing_details: billing });
        return result.error
          ? { ok: false, message: result.error.message ?? 'Unknown error' }
          : { ok: true, value: result.paymentMethod.id };
      },
      async handleCardAction(clientSecret) {
        const result = await stripe.handleCardAction(clientSecret);
        return result.error
          ? { ok: false, message: authenticationErrorText(result.error) }
          : { ok: true, value: result.paymentIntent.status };
      },
      clear() {
        elements.getElement(CardElement)?.clear();
        onChange({ empty: true, error: null });
      },
    });
  }, [stripe, elements, onReady, onChange]);

  return (
    <div className="card-field">
      <span className="card-field-label" id="card-element-label">
        Card
      </span>
      <div className="card-element" aria-labelledby="card-element-label">
        <CardElement
          options={{
            disabled,
            hidePostalCode: true,
            style: {
              base: { fontSize: `${fontSize}px`, color: '#e8ebf7', '::placeholder': { color: '#aab3d6' } },
              invalid: { color: '#f87171' },
            },
          }}
          onChange={(event) => onChange({ empty: event.empty, error: event.error?.message ?? null })}
        />
      </div>
    </div>
  );
}

/** Stripe Elements' CardElement; Stripe.js is fetched from js.stripe.com only when this renders. */
export function StripeCardField({ publishableKey, ...props }: CardFieldProps & { publishableKey: string }) {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return (
    <Elements stripe={stripe}>
      <CardElementField {...props} />
    </Elements>
  );
}
