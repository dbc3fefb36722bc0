import { Navigate, useLocation, useNavigate } from 'react-router';
import { Alert, Card, Spinner } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { useCurrentUserQuery } from '@/lib/auth/get-current-user.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useGetPaymentConfigQuery } from '../api/get-payment-config.ts';
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
          onPaid={(sessionId) => void navigate(paths.success.href(sessionId), { replace: true })}
        />
      )}
    </section>
  );
}
