import { formatCents, formatEpochDate } from '@app/domain';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Alert, Button, ButtonLink, Spinner } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { useCurrentUserQuery } from '@/lib/auth/get-current-user.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useGetPaymentConfigQuery } from '../api/get-payment-config.ts';
import { useGetOpenInvoiceQuery, usePayOpenInvoiceMutation } from '../api/open-invoice.ts';
import { type CardController, useCardFontSize } from '../components/card-field.ts';
import { EmulatorCardField } from '../components/emulator-card-field.tsx';
import '../components/purchases.css';

const StripeCardField = lazy(async () => ({
  default: (await import('../components/stripe-card-field.tsx')).StripeCardField,
}));

/**
 * /payinvoice ("Pay now"): the open invoice of a plan whose renewal could not be charged, paid
 * with a card; that card becomes the one the next renewals use.
 */
export function PayInvoicePage() {
  useDocumentTitle('Pay your invoice');
  const { data: user } = useCurrentUserQuery();
  const open = useGetOpenInvoiceQuery();
  const { data: config } = useGetPaymentConfigQuery();
  const [pay, payState] = usePayOpenInvoiceMutation();
  const fontSize = useCardFontSize();
  const controller = useRef<CardController | null>(null);
  const [cardEmpty, setCardEmpty] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const [paid, setPaid] = useState<number | null>(null);
  const onReady = useCallback((next: CardController) => {
    controller.current = next;
  }, []);
  const onChange = useCallback((state: { empty: boolean; error: string | null }) => {
    setCardEmpty(state.empty);
    setFailure(state.error);
  }, []);

  const invoice = open.data?.invoice;
  async function submit() {
    if (!invoice || !controller.current || !user) return;
    setFailure(null);
    const method = await controller.current.createPaymentMethod({
      name: user.discordname,
      email: user.email,
      address: { line1: '', city: '', state: '', postal_code: '', country: '' },
    });
    if (!method.ok) return setFailure(method.message);
    try {
      const result = await pay({ invoiceId: invoice.id, paymentMethodId: method.value }).unwrap();
      setPaid(result.amountCents);
    } catch (error) {
      controller.current.clear();
      setFailure(apiErrorMessage(error, 'The payment failed. Try again, or use a different card.'));
    }
  }

  let body;
  if (paid !== null) {
    body = (
      <Alert tone="success">
        Paid ${formatCents(paid)}. Your plan is back, and this card is now the one your renewals use.
      </Alert>
    );
  } else if (open.isError) {
    body = <Alert>{apiErrorMessage(open.error, 'Your invoice could not be loaded.')}</Alert>;
  } else if (!open.data || !config) {
    body = <Spinner label="Loading your invoice…" />;
  } else if (!invoice) {
    body = <p className="lead">Nothing is waiting to be paid.</p>;
  } else {
    const cardProps = { fontSize, disabled: payState.isLoading, onReady, onChange };
    body = (
      <form
        className="checkout-form pay-invoice"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="lead">
          {invoice.tier ?? 'Your plan'}: ${formatCents(invoice.amountCents)}, due since{' '}
          {formatEpochDate(invoice.created)}. The card you pay with becomes the one your renewals use.
        </p>
        {config.emulatorUrl ? (
          <EmulatorCardField {...cardProps} url={config.emulatorUrl} publishableKey={config.publishableKey} />
        ) : (
          <Suspense fallback={<Spinner label="Loading the card field…" />}>
            <StripeCardField {...cardProps} publishableKey={config.publishableKey} />
          </Suspense>
        )}
        <div className="card-errors" aria-live="assertive">
          {failure && <Alert>{failure}</Alert>}
        </div>
        <Button type="submit" disabled={cardEmpty || payState.isLoading}>
          {payState.isLoading ? 'Paying…' : `Pay $${formatCents(invoice.amountCents)}`}
        </Button>
      </form>
    );
  }

  return (
    <section className="pay-invoice-page narrow">
      <h1>Pay your invoice</h1>
      {body}
      <div className="actions">
        <ButtonLink to={paths.dashboard.href({ refresh: true })} variant="ghost">
          Dashboard
        </ButtonLink>
      </div>
    </section>
  );
}
