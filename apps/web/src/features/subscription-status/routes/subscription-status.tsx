import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useGetAccountStateQuery } from '@/api/account-state.ts';
import { AccountNotices } from '@/components/account-notices/index.ts';
import { GiftedPlans } from '@/components/gifted-plans/index.ts';
import { PaymentFailedBanner } from '@/components/payment-failed-banner/index.ts';
import { Alert, Button, ButtonLink, Dialog, Spinner } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { useCurrentUserQuery } from '@/lib/auth/get-current-user.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useCancelSubscriptionMutation } from '../api/cancel-subscription.ts';
import { useGetOwnSubscriptionsQuery } from '@/api/subscriptions.ts';
import { useGetSubscriptionDetailsQuery } from '../api/get-subscription-details.ts';
import { usePaymentMethodPortalMutation } from '@/api/payment-method-portal.ts';
import { useRefreshSubscriptionStatusMutation } from '../api/refresh-subscription-status.ts';
import { useRenewSubscriptionMutation } from '../api/renew-subscription.ts';
import { CancelPlanButton } from '../components/cancel-plan-button.tsx';
import { SubscriptionCard } from '../components/subscription-card.tsx';
import { StripeInfoForm, type StripeInfoFields } from '../components/stripe-info-dialog.tsx';
import { useGetStripeCustomerQuery, useUpdateStripeCustomerMutation } from '../api/stripe-customer.ts';
import '../components/subscription-status.css';

/** /subscriptionstatus (refresh=true re-reads Stripe): see, cancel, renew and change the plan. */
export function SubscriptionStatusPage() {
  useDocumentTitle('Your subscription');
  const [params] = useSearchParams();
  const refresh = params.get('refresh') === 'true';
  const { data: user } = useCurrentUserQuery();
  const own = useGetOwnSubscriptionsQuery(undefined, { refetchOnMountOrArgChange: refresh });
  const state = useGetAccountStateQuery(user?.user_id ?? '', { skip: !user });
  const subscriptionId = own.data?.subscriptions[0]?.subscription_id;
  const details = useGetSubscriptionDetailsQuery(subscriptionId ?? '', { skip: !subscriptionId });
  const [refreshStatus] = useRefreshSubscriptionStatusMutation();
  const [cancel, cancelState] = useCancelSubscriptionMutation();
  const [renew, renewState] = useRenewSubscriptionMutation();
  const [methodPortal, methodState] = usePaymentMethodPortalMutation();
  const [editingInfo, setEditingInfo] = useState(false);
  const [infoSaved, setInfoSaved] = useState(false);
  const customer = useGetStripeCustomerQuery(user?.stripeid ?? '', { skip: !editingInfo || !user?.stripeid });
  const [updateCustomer, updateState] = useUpdateStripeCustomerMutation();
  const [infoError, setInfoError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // Coming back from Stripe's portal or a payment: re-read the subscription before showing it.
  useEffect(() => {
    if (refresh && subscriptionId) void refreshStatus(subscriptionId);
  }, [refresh, subscriptionId, refreshStatus]);

  async function run(action: () => Promise<unknown>, message: string) {
    setFailure(null);
    try {
      await action();
    } catch (error) {
      console.error(message, error);
      setFailure(apiErrorMessage(error, message));
    }
  }

  async function openPortal() {
    const customer = user?.stripeid;
    if (!customer) return;
    await run(async () => {
      const { url } = await methodPortal({ customer_id: customer }).unwrap();
      window.location.assign(url);
    }, 'The billing portal could not be opened.');
  }

  async function saveInfo(values: StripeInfoFields) {
    const id = user?.stripeid;
    if (!id) return;
    setInfoError(null);
    try {
      await updateCustomer({
        id,
        body: {
          name: values.name,
          email: values.email,
          address: {
            line1: values.line1,
            city: values.city,
            state: values.state,
            postal_code: values.postalCode,
            country: values.country,
          },
        },
      }).unwrap();
      setEditingInfo(false);
      setInfoSaved(true);
    } catch (error) {
      console.error('Updating the Stripe customer failed', error);
      setInfoError(apiErrorMessage(error, 'Your details could not be saved.'));
    }
  }

  const subscription = details.data;
  const busy = cancelState.isLoading || renewState.isLoading;
  let body;
  if (own.isError || details.isError) {
    body = (
      <Alert>{apiErrorMessage(own.error ?? details.error, 'Your subscription could not be loaded.')}</Alert>
    );
  } else if (own.isLoading || (subscriptionId && !subscription)) {
    body = <Spinner label="Loading your subscription…" />;
  } else if (!subscription) {
    body = (
      <>
        <p className="lead">You are on the Free plan.</p>
        <div className="actions">
          <ButtonLink to={paths.subscription.href()}>Subscribe</ButtonLink>
        </div>
      </>
    );
  } else {
    const canRenew = subscription.cancel_at_period_end && !subscription.gifted;
    // A gift was never paid by card here: nothing to cancel, renew or pay with.
    const paidByCard = !subscription.gifted;
    body = (
      <>
        <SubscriptionCard subscription={subscription} />
        <GiftedPlans subscriptions={own.data?.subscriptions} except={subscription.subscription_id} />
        <div className="subscription-actions">
          {!paidByCard ? null : canRenew ? (
            <Button
              disabled={busy}
              onClick={() => void run(() => renew(subscription.subscription_id).unwrap(), 'Renew failed.')}
            >
              {renewState.isLoading ? 'Renewing…' : 'Renew'}
            </Button>
          ) : (
            !subscription.cancel_at_period_end && (
              <CancelPlanButton
                busy={busy}
                plan={subscription.subscription_status}
                periodEnd={subscription.current_period_end}
                downgradeTo={subscription.downgrade_to_subname}
                onConfirm={() =>
                  void run(() => cancel(subscription.subscription_id).unwrap(), 'Cancel failed.')
                }
              />
            )
          )}
          <ButtonLink to={paths.subscription.href()} variant="secondary">
            Change Subscription
          </ButtonLink>
          {paidByCard && (
            <>
              <Button variant="secondary" disabled={methodState.isLoading} onClick={() => void openPortal()}>
                Change Default Payment Method
              </Button>
              <Button
                variant="secondary"
                disabled={!user?.stripeid}
                onClick={() => {
                  setInfoSaved(false);
                  setInfoError(null);
                  setEditingInfo(true);
                }}
              >
                Update Your Stripe Info
              </Button>
            </>
          )}
        </div>
      </>
    );
  }

  return (
    <section className="subscription-status narrow">
      <h1>Your subscription</h1>
      <PaymentFailedBanner
        subscriptions={own.data?.subscriptions}
        busy={methodState.isLoading}
        onUpdateCard={() => void openPortal()}
      />
      <AccountNotices
        notices={state.data?.notices}
        payLink={paths.payInvoice.href()}
        creditsLink={paths.credits.href()}
      />
      {body}
      {failure && <Alert>{failure}</Alert>}
      {infoSaved && <Alert tone="success">Your details were saved.</Alert>}
      <Dialog open={editingInfo} title="Update Your Stripe Info" onClose={() => setEditingInfo(false)}>
        {customer.data ? (
          <StripeInfoForm
            customer={customer.data}
            saving={updateState.isLoading}
            error={infoError}
            onSave={(values) => void saveInfo(values)}
            onCancel={() => setEditingInfo(false)}
          />
        ) : customer.isError ? (
          <Alert>{apiErrorMessage(customer.error, 'Your details could not be loaded.')}</Alert>
        ) : (
          <Spinner label="Loading your details…" />
        )}
      </Dialog>
      <div className="actions">
        <ButtonLink to={paths.dashboard.href({ refresh: true })} variant="ghost">
          Dashboard
        </ButtonLink>
      </div>
    </section>
  );
}
