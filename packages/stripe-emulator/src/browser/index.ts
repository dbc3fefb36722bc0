/// <reference lib="dom" />
// Browser client for the Stripe emulator, shaped like the parts of Stripe.js the card field uses.
// It talks to the emulator with the publishable key only; no Node imports.

export interface EmulatorClientOptions {
  url: string;
  publishableKey: string;
}

export interface ClientError {
  type: string;
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  payment_intent?: PaymentIntentLike;
}

export interface CardInput {
  number: string;
  exp_month: number | string;
  exp_year: number | string;
  cvc: string;
}

export interface BillingDetails {
  name?: string;
  email?: string;
  phone?: string;
  address?: Record<string, string | undefined>;
}

export type PaymentIntentLike = { id: string; status: string; client_secret: string } & Record<
  string,
  unknown
>;
export type PaymentMethodLike = { id: string; card: { brand: string; last4: string } } & Record<
  string,
  unknown
>;

export type PaymentMethodResult =
  { paymentMethod: PaymentMethodLike; error?: undefined } | { error: ClientError; paymentMethod?: undefined };
export type PaymentIntentResult =
  { paymentIntent: PaymentIntentLike; error?: undefined } | { error: ClientError; paymentIntent?: undefined };

const AUTH_MESSAGE = 'stripe-emulator:authentication';

function encode(value: unknown, prefix: string, out: URLSearchParams): void {
  if (value === undefined || value === null) return;
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>))
      encode(v, prefix ? `${prefix}[${k}]` : k, out);
  } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    out.append(prefix, String(value));
}

const intentId = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

export function createEmulatorClient(options: EmulatorClientOptions) {
  const base = options.url.replace(/\/$/, '');

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, unknown>,
  ): Promise<{ data: T } | { error: ClientError }> {
    const body = new URLSearchParams();
    encode(params, '', body);
    const url = method === 'GET' ? `${base}${path}?${body}` : `${base}${path}`;
    try {
      const res = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${options.publishableKey}`,
          ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: method === 'POST' ? body.toString() : undefined,
      });
      const json = (await res.json()) as { error?: ClientError } & T;
      return res.ok
        ? { data: json }
        : { error: json.error ?? { type: 'api_error', message: `HTTP ${res.status}` } };
    } catch (err) {
      return {
        error: {
          type: 'api_connection_error',
          message: err instanceof Error ? err.message : 'Network error',
        },
      };
    }
  }

  async function createPaymentMethod(input: {
    card: CardInput;
    billing_details?: BillingDetails;
  }): Promise<PaymentMethodResult> {
    const r = await call<PaymentMethodLike>('POST', '/v1/payment_methods', {
      type: 'card',
      card: input.card,
      billing_details: input.billing_details,
    });
    return 'error' in r ? { error: r.error } : { paymentMethod: r.data };
  }

  async function retrievePaymentIntent(clientSecret: string): Promise<PaymentIntentResult> {
    const r = await call<PaymentIntentLike>(
      'GET',
      `/v1/payment_intents/${encodeURIComponent(intentId(clientSecret))}`,
      { client_secret: clientSecret },
    );
    return 'error' in r ? { error: r.error } : { paymentIntent: r.data };
  }

  /** Opens the authentication page (popup, or an overlay iframe when popups are blocked) and waits. */
  function waitForAuthentication(url: string, id: string): Promise<void> {
    return new Promise((resolve) => {
      const popup = window.open(url, 'stripe-emulator-authentication', 'width=480,height=640');
      let overlay: HTMLDivElement | null = null;
      if (!popup) {
        overlay = document.createElement('div');
        overlay.setAttribute('role', 'dialog');
        overlay.setAttribute('aria-label', '3D Secure authentication');
        overlay.style.cssText =
          'position:fixed;inset:0;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:2147483647';
        const frame = document.createElement('iframe');
        frame.src = url;
        frame.title = '3D Secure authentication';
        frame.style.cssText =
          'width:min(480px,95vw);height:min(640px,90vh);border:0;border-radius:8px;background:#fff';
        overlay.appendChild(frame);
        document.body.appendChild(overlay);
      }
      const finish = () => {
        window.removeEventListener('message', onMessage);
        window.clearInterval(timer);
        overlay?.remove();
        if (popup && !popup.closed) popup.close();
        resolve();
      };
      const onMessage = (event: MessageEvent) => {
        const data = event.data as { type?: string; paymentIntent?: string } | null;
        if (data?.type === AUTH_MESSAGE && data.paymentIntent === id) finish();
      };
      window.addEventListener('message', onMessage);
      const timer = window.setInterval(() => {
        if (popup?.closed) finish();
      }, 500);
    });
  }

  async function handleCardAction(clientSecret: string): Promise<PaymentIntentResult> {
    const first = await retrievePaymentIntent(clientSecret);
    if (first.error) return first;
    const pi = first.paymentIntent;
    const next = pi.next_action as { redirect_to_url?: { url: string } } | null;
    if (pi.status !== 'requires_action' || !next?.redirect_to_url) return first;
    await waitForAuthentication(next.redirect_to_url.url, pi.id);
    const after = await retrievePaymentIntent(clientSecret);
    if (after.error) return after;
    const status = after.paymentIntent.status;
    if (status === 'succeeded' || status === 'processing' || status === 'requires_capture') return after;
    const last = after.paymentIntent.last_payment_error as ClientError | null;
    return {
      error: {
        type: last?.type ?? 'invalid_request_error',
        code: last?.code ?? 'payment_intent_authentication_failure',
        message:
          last?.message ??
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        payment_intent: after.paymentIntent,
      },
    };
  }

  async function confirmCardPayment(
    clientSecret: string,
    data: {
      payment_method?: string | { card: CardInput; billing_details?: BillingDetails };
      return_url?: string;
    } = {},
  ): Promise<PaymentIntentResult> {
    let pm = data.payment_method;
    if (pm && typeof pm === 'object') {
      const created = await createPaymentMethod(pm);
      if (created.error) return { error: created.error };
      pm = created.paymentMethod.id;
    }
    const r = await call<PaymentIntentLike>(
      'POST',
      `/v1/payment_intents/${encodeURIComponent(intentId(clientSecret))}/confirm`,
      {
        client_secret: clientSecret,
        payment_method: pm,
        return_url: data.return_url,
      },
    );
    if ('error' in r) return { error: r.error };
    if (r.data.status === 'requires_action') return handleCardAction(clientSecret);
    return { paymentIntent: r.data };
  }

  return { createPaymentMethod, retrievePaymentIntent, handleCardAction, confirmCardPayment };
}

export type EmulatorClient = ReturnType<typeof createEmulatorClient>;
