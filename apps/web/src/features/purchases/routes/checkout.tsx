import { isEmailMissing } from '@app/domain';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Alert, Card, Spinner } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { useCurrentUserQuery } from '@/lib/auth/get-current-user.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { fetchCurrentUser } from '@/api/current-user.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useGetPaymentConfigQuery } from '../api/get-payment-config.ts';
import { useSaveProfileEmailMutation } from '../api/save-profile-email.ts';
import { CheckoutForm } from '../components/checkout-form.tsx';
import { describePurchase, readCheckoutState } from '../components/checkout-state.ts';
import '../components/purchases.css';

/** /checkout: needs the intent and tier index in its navigation state, else goes to /dashboard. */
export function CheckoutPage() {
  useDocumentTitle('Checkout');
  const location = useLocation();
  const navigate = useNavigate();
  const checkout = readCheckoutState(location.state);
  const { data: config, error } = useGetPaymentConfigQuery();
  const { data: user } = useCurrentUserQuery();
  const [saveEmail] = useSaveProfileEmailMutation();

  // The payment is made: keep the email typed on the form when the profile has none yet.
  async function onPaid(sessionId: string, email: string) {
    if (user && email && isEmailMissing(user.email)) {
      try {
        // Re-read: paying may have just given the account its Stripe customer id.
        const fresh = (await fetchCurrentUser()) ?? user;
        if (isEmailMissing(fresh.email))
          await saveEmail({ stripeid: fresh.stripeid, userid: fresh.user_id, email }).unwrap();
      } catch (error) {
        console.error('Saving the email from the card form failed', error);
      }
    }
    await navigate(paths.success.href(sessionId), { replace: true });
  }

  if (!checkout) return <Navigate to={paths.dashboard.href()} replace />;
  const purchase = describePurchase(checkout)!;
  return (
    <section className="checkout narrow">
      <h1>Checkout</h1>
      <Card className="order-summary">
        <h2>Your order</h2>
        <p className="order-name">{purchase.name}</p>
        <p className="order-price">{purchase.price}</p>
        <p className="muted">{purchase.note}</p>
      </Card>
      {error ? (
        <Alert>{apiErrorMessage(error)}</Alert>
      ) : !config || !user ? (
        <Spinner label="Preparing the card form…" />
      ) : (
        <CheckoutForm
          checkout={checkout}
          config={config}
          user={user}
          onPaid={(sessionId, email) => void onPaid(sessionId, email)}
        />
      )}
    </section>
  );
}
