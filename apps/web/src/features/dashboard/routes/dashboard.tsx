import { FREE_PLAN, formatCredits, formatHypercredits } from '@app/domain';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useGetAccountStateQuery } from '@/api/account-state.ts';
import { AccountNotices } from '@/components/account-notices/index.ts';
import { GiftedPlans } from '@/components/gifted-plans/index.ts';
import { LaneUsage } from '@/components/lane-usage/index.ts';
import { useUserLanesQuery } from '@/api/user-settings.ts';
import { paths } from '@/config/paths.ts';
import { PaymentFailedBanner } from '@/components/payment-failed-banner/index.ts';
import { usePaymentMethodPortalMutation } from '@/api/payment-method-portal.ts';
import { useBillingPortalMutation } from '@/api/billing-portal.ts';
import { useAuthenticateTopUpMutation } from '@/api/authenticate-top-up.ts';
import { Alert, Button, ButtonLink, Card, Spinner } from '@/components/ui/index.ts';
import { useCurrentUserQuery } from '@/lib/auth/get-current-user.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useGetOwnSubscriptionsQuery } from '@/api/subscriptions.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { DashboardActions } from '../components/dashboard-actions.tsx';
import { EmailModal } from '../components/email-modal.tsx';
import { CancelledPlans } from '../components/cancelled-plans.tsx';

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const [params] = useSearchParams();
  const refresh = params.get('refresh') === 'true';
  const { data: user, error, isFetching, refetch } = useCurrentUserQuery();
  // Gifted plans and their end dates (a free user has none to show).
  const own = useGetOwnSubscriptionsQuery(undefined, {
    skip: !user || user.subscription_status === FREE_PLAN,
  });

  const state = useGetAccountStateQuery(user?.user_id ?? '', { skip: !user });
  const lanes = useUserLanesQuery(undefined, { skip: !user });
  const [methodPortal, methodState] = usePaymentMethodPortalMutation();
  const [portalError, setPortalError] = useState<string | null>(null);
  async function updateCard() {
    if (!user?.stripeid) return;
    setPortalError(null);
    try {
      const { url } = await methodPortal({ customer_id: user.stripeid }).unwrap();
      window.location.assign(url);
    } catch (failure) {
      setPortalError(apiErrorMessage(failure, 'The billing portal could not be opened.'));
    }
  }

  const [billingPortal, billingState] = useBillingPortalMutation();
  async function manageBilling() {
    if (!user?.stripeid) return;
    setPortalError(null);
    try {
      const { url } = await billingPortal({ customer_id: user.stripeid }).unwrap();
      window.location.assign(url);
    } catch (failure) {
      setPortalError(apiErrorMessage(failure, 'The billing portal could not be opened.'));
    }
  }
  const [authenticate] = useAuthenticateTopUpMutation();
  async function confirmTopUp() {
    setPortalError(null);
    try {
      const { url } = await authenticate().unwrap();
      window.location.assign(url);
    } catch (failure) {
      setPortalError(apiErrorMessage(failure, 'Your bank’s page could not be opened.'));
    }
  }

  // ?refresh=true (after a purchase) reloads the balance instead of showing the cached one.
  useEffect(() => {
    if (refresh) void refetch();
  }, [refresh, refetch]);

  if (!user)
    return error ? <Alert>{apiErrorMessage(error)}</Alert> : <Spinner label="Loading your account…" />;
  return (
    <section className="dashboard" aria-busy={isFetching}>
      <h1>Welcome, {user.discordname}</h1>
      <PaymentFailedBanner
        subscriptions={own.data?.subscriptions}
        busy={methodState.isLoading}
        onUpdateCard={() => void updateCard()}
      />
      <AccountNotices
        notices={state.data?.notices}
        payLink={paths.payInvoice.href()}
        creditsLink={paths.credits.href()}
        topUpLink={paths.autoTopUp.href()}
        onAuthenticate={() => void confirmTopUp()}
      />
      {portalError && <Alert>{portalError}</Alert>}
      <Card className="dashboard-balances">
        <dl>
          <div>
            <dt>Chat name</dt>
            <dd>{user.discordname}</dd>
          </div>
          <div>
            <dt>Credits</dt>
            <dd data-testid="credits">{formatCredits(user.credits)}</dd>
          </div>
          <div>
            <dt>Hypercredits</dt>
            <dd data-testid="hypercredits">{formatHypercredits(user.hypercredits)}</dd>
          </div>
          <div>
            <dt>Subscription</dt>
            <dd data-testid="subscription-status">{user.subscription_status}</dd>
          </div>
        </dl>
        <GiftedPlans subscriptions={own.data?.subscriptions} />
        <CancelledPlans subscriptions={own.data?.subscriptions} />
        <div className="actions">
          {user.stripeid && (
            <Button
              variant="secondary"
              disabled={billingState.isLoading}
              onClick={() => void manageBilling()}
            >
              Manage billing
            </Button>
          )}
          <ButtonLink to={paths.autoTopUp.href()} variant="secondary">
            Auto top-up and caps
          </ButtonLink>
        </div>
      </Card>
      {lanes.data && (
        <Card className="dashboard-lanes">
          <h2>GPU time this period</h2>
          <LaneUsage usage={lanes.data.lanes} />
          <p className="muted">Change the mode in the studio or with /fast, /relax and /turbo on Discord.</p>
        </Card>
      )}
      <DashboardActions user={user} />
      <EmailModal user={user} />
    </section>
  );
}
