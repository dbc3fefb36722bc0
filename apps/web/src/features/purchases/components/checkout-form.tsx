import { zodResolver } from '@hookform/resolvers/zod';
import {
  CheckoutFields,
  DEFAULT_COUNTRY,
  DEFAULT_STATE,
  ERROR_TEXT,
  authenticationFailed,
  formatCents,
  isEmailMissing,
  paymentFailed,
  paymentMethodCreationFailed,
} from '@app/domain';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, Button, Spinner } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useProcessPaymentMutation } from '../api/process-payment.ts';
import { useVerifyCouponMutation } from '../api/verify-coupon.ts';
import { AddressFields } from './address-fields.tsx';
import { type CardController, useCardFontSize } from './card-field.ts';
import type { CheckoutState } from './checkout-state.ts';
import { EmulatorCardField } from './emulator-card-field.tsx';

// Stripe.js is only fetched when the real card field renders.
const StripeCardField = lazy(async () => ({
  default: (await import('./stripe-card-field.tsx')).StripeCardField,
}));

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

export interface CheckoutFormProps {
  checkout: CheckoutState;
  config: { publishableKey: string; emulatorUrl?: string };
  user: { discordname: string; email: string };
  /** `email` is what the payer typed on the form. */
  onPaid(sessionId: string, email: string): void | Promise<void>;
}

/** The card form of SPEC §2/§4/§5/§8: address, optional coupon, card, pay. */
export function CheckoutForm({ checkout, config, user, onPaid }: CheckoutFormProps) {
  const fontSize = useCardFontSize();
  const { register, handleSubmit, formState, getValues } = useForm({
    resolver: zodResolver(CheckoutFields),
    defaultValues: {
      name: user.discordname,
      email: isEmailMissing(user.email) ? '' : user.email,
      line1: '',
      city: '',
      state: DEFAULT_STATE,
      postalCode: '',
      country: DEFAULT_COUNTRY,
      coupon: '',
    },
  });
  const [couponStatus, setCouponStatus] = useState<'accepted' | 'invalid' | null>(null);
  // The total with the accepted coupon, in cents (when the server could price this payment).
  const [couponTotal, setCouponTotal] = useState<number | null>(null);
  const [cardEmpty, setCardEmpty] = useState(true);
  const [cardError, setCardError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  // The intent to pay; a coupon on a new subscription swaps it for a discounted one.
  const clientSecret = useRef(checkout.paymentIntent.client_secret);
  const controller = useRef<CardController | null>(null);
  const [verifyCoupon, { isLoading: verifying }] = useVerifyCouponMutation();
  const [processPayment, { isLoading: paying }] = useProcessPaymentMutation();
  const busy = verifying || paying;

  const onReady = useCallback((next: CardController) => {
    controller.current = next;
  }, []);
  const onCardChange = useCallback((state: { empty: boolean; error: string | null }) => {
    setCardEmpty(state.empty);
    setCardError(state.error);
  }, []);

  // Payment errors go to the alert area and the card field starts over.
  const fail = (message: string) => {
    controller.current?.clear();
    setCardError(message);
    setProcessing(false);
  };

  const held = processing || busy || cardEmpty;

  /** Runs once the fields pass the schema: `values` are trimmed. */
  async function pay({ coupon: couponCode, ...values }: CheckoutFields) {
    if (held || !controller.current) return;
    setProcessing(true);
    setCardError(null);

    if (couponCode) {
      try {
        const { valid, discountedAmount } = await verifyCoupon({
          couponid: couponCode,
          paymentIntentId: intentIdOf(clientSecret.current),
        }).unwrap();
        setCouponStatus(valid ? 'accepted' : 'invalid');
        setCouponTotal(valid ? (discountedAmount ?? null) : null);
        if (!valid) {
          setProcessing(false);
          return;
        }
      } catch (error) {
        setCouponStatus('invalid');
        setCardError(paymentFailed(apiErrorMessage(error, ERROR_TEXT.somethingWentWrong)));
        setProcessing(false);
        return;
      }
    }

    const method = await controller.current.createPaymentMethod({
      name: values.name,
      email: values.email,
      address: {
        line1: values.line1,
        city: values.city,
        state: values.state === 'Not Listed' ? '' : values.state,
        postal_code: values.postalCode,
        country: values.country,
      },
    });
    if (!method.ok) return fail(paymentMethodCreationFailed(method.message));

    let result;
    try {
      result = await processPayment({
        purchaseType: checkout.paymentIntent.metadata.payment_type,
        paymentIntentId: intentIdOf(clientSecret.current),
        paymentMethodId: method.value,
        couponCode: couponCode || null,
      }).unwrap();
    } catch (error) {
      return fail(paymentFailed(apiErrorMessage(error, ERROR_TEXT.somethingWentWrong)));
    }
    if (result.client_secret) clientSecret.current = result.client_secret;
    const sessionId = result.sessionId ?? intentIdOf(clientSecret.current);
    if (result.error) return fail(paymentFailed(result.error));
    if (result.status === 'succeeded') return onPaid(sessionId, values.email);
    if (result.status === 'requires_action' && result.client_secret) {
      const authenticated = await controller.current.handleCardAction(result.client_secret);
      if (!authenticated.ok) return fail(authenticationFailed(authenticated.message));
      if (authenticated.value === 'succeeded') return onPaid(sessionId, values.email);
      return fail(ERROR_TEXT.paymentFailedAfterAuthentication);
    }
    return fail(paymentFailed(result.status));
  }

  /** Apply: checks the coupon now and shows the total with it; Pay checks it again. */
  async function applyCoupon() {
    const couponCode = getValues('coupon').trim();
    setCouponTotal(null);
    if (!couponCode) return setCouponStatus(null);
    try {
      const { valid, discountedAmount } = await verifyCoupon({
        couponid: couponCode,
        paymentIntentId: intentIdOf(clientSecret.current),
      }).unwrap();
      setCouponStatus(valid ? 'accepted' : 'invalid');
      setCouponTotal(valid ? (discountedAmount ?? null) : null);
    } catch (error) {
      setCouponStatus(null);
      setCardError(apiErrorMessage(error, ERROR_TEXT.somethingWentWrong));
    }
  }

  const cardProps = { fontSize, disabled: processing, onReady, onChange: onCardChange };
  return (
    <form
      className="checkout-form"
      onSubmit={(event) => {
        // Nothing is checked or sent while Pay is held back (SPEC §5) or a press is being handled.
        if (held || formState.isSubmitting) event.preventDefault();
        else void handleSubmit(pay)(event);
      }}
      // The schema's texts are shown beside the fields instead of the browser's bubbles.
      noValidate
    >
      <AddressFields register={register} errors={formState.errors} />
      <div className="field">
        <label htmlFor="checkout-coupon">Coupon (optional)</label>
        <div className="coupon-row">
          <input
            id="checkout-coupon"
            autoComplete="off"
            {...register('coupon', {
              onChange: () => {
                setCouponStatus(null);
                setCouponTotal(null);
              },
            })}
            onKeyDown={(event) => {
              // Enter in the coupon field applies it rather than paying.
              if (event.key === 'Enter') {
                event.preventDefault();
                void applyCoupon();
              }
            }}
          />
          <Button
            type="button"
            variant="secondary"
            disabled={processing || verifying}
            onClick={() => void applyCoupon()}
          >
            Apply
          </Button>
        </div>
        {couponStatus === 'invalid' && <p className="field-error">{ERROR_TEXT.invalidCoupon}</p>}
        {couponStatus === 'accepted' && <p className="field-ok">{ERROR_TEXT.couponAccepted}</p>}
        {couponStatus === 'accepted' && couponTotal !== null && (
          <p className="coupon-total" data-testid="coupon-total">
            New total: ${formatCents(couponTotal)}
          </p>
        )}
      </div>
      {config.emulatorUrl ? (
        <EmulatorCardField {...cardProps} url={config.emulatorUrl} publishableKey={config.publishableKey} />
      ) : (
        <Suspense fallback={<Spinner label="Loading the card field…" />}>
          <StripeCardField {...cardProps} publishableKey={config.publishableKey} />
        </Suspense>
      )}
      <div className="card-errors" aria-live="assertive">
        {cardError && <Alert>{cardError}</Alert>}
      </div>
      <Button type="submit" className="pay-button" disabled={held}>
        {processing ? <span className="pay-spinner" aria-hidden="true" /> : null}
        {processing ? 'Processing…' : 'Pay now'}
      </Button>
    </form>
  );
}
