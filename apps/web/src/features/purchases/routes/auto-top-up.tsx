import { formatCents } from '@app/domain';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, ButtonLink, Card, Spinner } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { useCurrentUserQuery } from '@/lib/auth/get-current-user.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import {
  useGetAutoTopUpQuery,
  useSaveTopUpCardMutation,
  useSetUpTopUpCardMutation,
  useUpdateAutoTopUpMutation,
} from '../api/auto-top-up.ts';
import { useGetPaymentConfigQuery } from '../api/get-payment-config.ts';
import { AutoTopUpForm } from '../components/auto-top-up-form.tsx';
import { type CardController, useCardFontSize } from '../components/card-field.ts';
import { EmulatorCardField } from '../components/emulator-card-field.tsx';
import '../components/purchases.css';

const StripeCardField = lazy(async () => ({
  default: (await import('../components/stripe-card-field.tsx')).StripeCardField,
}));

/**
 * /autotopup: the card auto top-up charges (saved through a SetupIntent, the bank asked when it
 * wants to be), the package and threshold, and the spend caps.
 */
export function AutoTopUpPage() {
  useDocumentTitle('Auto top-up and spend caps');
  const { data: user } = useCurrentUserQuery();
  const current = useGetAutoTopUpQuery();
  const { data: config } = useGetPaymentConfigQuery();
  const [update, updateState] = useUpdateAutoTopUpMutation();
  const [setUp, setUpState] = useSetUpTopUpCardMutation();
  const [saveCard] = useSaveTopUpCardMutation();
  const [params, setParams] = useSearchParams();
  const fontSize = useCardFontSize();
  const controller = useRef<CardController | null>(null);
  const [cardEmpty, setCardEmpty] = useState(true);
  const [cardProblem, setCardProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const onReady = useCallback((next: CardController) => {
    controller.current = next;
  }, []);
  const onChange = useCallback((state: { empty: boolean; error: string | null }) => {
    setCardEmpty(state.empty);
    setCardProblem(state.error);
  }, []);

  // Back from the bank's page: the SetupIntent is handed to us to save its card.
  const returned = params.get('setup_intent');
  useEffect(() => {
    if (!returned) return;
    setParams({}, { replace: true });
    saveCard({ setupIntentId: returned })
      .unwrap()
      .then(() => setSaved('Your card is saved for auto top-up.'))
      .catch((failure: unknown) => setCardProblem(apiErrorMessage(failure, 'Your card could not be saved.')));
  }, [returned, saveCard, setParams]);

  async function saveNewCard() {
    if (!controller.current || !user) return;
    setCardProblem(null);
    setSaved(null);
    const method = await controller.current.createPaymentMethod({
      name: user.discordname,
      email: user.email,
      address: { line1: '', city: '', state: '', postal_code: '', country: '' },
    });
    if (!method.ok) return setCardProblem(method.message);
    try {
      const result = await setUp({ paymentMethodId: method.value }).unwrap();
      if (result.redirectUrl) return window.location.assign(result.redirectUrl);
      if (result.status === 'succeeded') setSaved('Your card is saved for auto top-up.');
      else setCardProblem('Your card could not be saved. Try again, or use a different card.');
    } catch (failure) {
      controller.current.clear();
      setCardProblem(
        apiErrorMessage(failure, 'Your card could not be saved. Try again, or use a different card.'),
      );
    }
  }

  let body;
  if (current.isError)
    body = <Alert>{apiErrorMessage(current.error, 'Your settings could not be loaded.')}</Alert>;
  else if (!current.data || !config) body = <Spinner label="Loading your settings…" />;
  else {
    const state = current.data;
    const cardProps = { fontSize, disabled: setUpState.isLoading, onReady, onChange };
    body = (
      <>
        <Card className="auto-top-up-card">
          <h2>Card for top-ups</h2>
          <p>{state.card ? `${state.card.brand} ending in ${state.card.last4}` : 'No card saved yet.'}</p>
          <form
            className="checkout-form"
            onSubmit={(event) => {
              event.preventDefault();
              void saveNewCard();
            }}
          >
            {config.emulatorUrl ? (
              <EmulatorCardField
                {...cardProps}
                url={config.emulatorUrl}
                publishableKey={config.publishableKey}
              />
            ) : (
              <Suspense fallback={<Spinner label="Loading the card field…" />}>
                <StripeCardField {...cardProps} publishableKey={config.publishableKey} />
              </Suspense>
            )}
            <div className="card-errors" aria-live="assertive">
              {cardProblem && <Alert>{cardProblem}</Alert>}
              {saved && <Alert tone="success">{saved}</Alert>}
            </div>
            <Button type="submit" disabled={cardEmpty || setUpState.isLoading}>
              {setUpState.isLoading ? 'Saving…' : state.card ? 'Replace card' : 'Save card'}
            </Button>
          </form>
        </Card>
        <Card className="auto-top-up-card">
          <h2>Auto top-up and caps</h2>
          <p className="muted">
            Spent this month: ${formatCents(state.spentThisMonthCents)}. Credits spent on jobs today:{' '}
            {state.creditsSpentToday.toLocaleString('en-US')}.
          </p>
          <AutoTopUpForm
            key={`${state.enabled}-${state.package}-${state.thresholdCredits}-${state.monthlyCapCents}-${state.dailyCreditCap}`}
            current={state}
            busy={updateState.isLoading}
            error={formError}
            onSave={(settings) => {
              setFormError(null);
              update(settings)
                .unwrap()
                .catch((failure: unknown) =>
                  setFormError(apiErrorMessage(failure, 'Your settings could not be saved.')),
                );
            }}
          />
        </Card>
      </>
    );
  }

  return (
    <section className="auto-top-up-page narrow">
      <h1>Auto top-up and spend caps</h1>
      {body}
      <div className="actions">
        <ButtonLink to={paths.dashboard.href({ refresh: true })} variant="ghost">
          Dashboard
        </ButtonLink>
      </div>
    </section>
  );
}
