import type { ProcessPaymentResult } from '@app/domain';
import Stripe from 'stripe';

/**
 * Confirms an intent with the card the browser created. Card problems (declines, bad numbers) are
 * answers, not failures: they come back as `error` for the card form to show.
 */
export async function confirmPayment({
  stripe,
  intentId,
  paymentMethodId,
  discountName,
  returnUrl,
}: {
  stripe: Stripe;
  intentId: string;
  paymentMethodId: string;
  discountName: string | null;
  returnUrl?: string;
}): Promise<{ result: ProcessPaymentResult; intent: Stripe.PaymentIntent | undefined }> {
  try {
    const intent = await stripe.paymentIntents.confirm(intentId, {
      payment_method: paymentMethodId,
      ...(returnUrl ? { return_url: returnUrl } : {}),
    });
    return {
      intent,
      result: {
        status: intent.status,
        client_secret: intent.client_secret,
        amountPaid: intent.amount,
        discountName,
        error: null,
        sessionId: intent.id,
      },
    };
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError) || error.type === 'StripeAPIError') throw error;
    if (error.type === 'StripeConnectionError' || error.type === 'StripeAuthenticationError') throw error;
    const intent = error.payment_intent;
    return {
      intent,
      result: {
        status: intent?.status ?? 'requires_payment_method',
        client_secret: intent?.client_secret ?? null,
        amountPaid: 0,
        discountName,
        error: error.message,
        sessionId: intent?.id ?? intentId,
      },
    };
  }
}
