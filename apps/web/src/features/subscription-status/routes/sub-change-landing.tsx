import { type UpdateSubscriptionResult, formatCents, formatEpochDate } from '@app/domain';
import { useLocation } from 'react-router';
import { Alert, ButtonLink, Card } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import '../components/subscription-status.css';

/** /subchangelanding: what a plan change did (navigation state from the tier page). */
export function SubChangeLandingPage() {
  useDocumentTitle('Subscription changed');
  const state = useLocation().state as { result?: UpdateSubscriptionResult } | null;
  const result = state?.result;

  if (!result) {
    return (
      <section className="sub-change narrow">
        <h1>Subscription change</h1>
        <Alert tone="info">There is no plan change to show.</Alert>
        <div className="actions">
          <ButtonLink to={paths.menu.href()}>Back to the menu</ButtonLink>
        </div>
      </section>
    );
  }
  const upgrade = result.change === 'upgrade';
  const date = formatEpochDate(result.updatedSubscription.current_period_end);
  return (
    <section className="sub-change narrow">
      <h1>Your subscription was changed</h1>
      <Alert tone="success">{result.message}</Alert>
      <Card className="sub-change-summary">
        <dl>
          <div>
            <dt>Change</dt>
            <dd data-testid="change-kind">{upgrade ? 'Upgrade' : 'Downgrade'}</dd>
          </div>
          <div>
            <dt>Package</dt>
            <dd data-testid="change-package">{result.updatedSubscription.plan}</dd>
          </div>
          {upgrade ? (
            <>
              <div>
                <dt>Amount charged</dt>
                <dd data-testid="change-amount">${formatCents(result.amountCharged)}</dd>
              </div>
              <div>
                <dt>Next renewal</dt>
                <dd>{date}</dd>
              </div>
            </>
          ) : (
            <>
              <div>
                <dt>Amount credited</dt>
                <dd data-testid="change-amount">${formatCents(result.amountCredited)}</dd>
              </div>
              <div>
                <dt>Takes effect on</dt>
                <dd data-testid="change-date">{date}</dd>
              </div>
            </>
          )}
        </dl>
      </Card>
      <p className="muted">
        {upgrade
          ? 'The invoice for the difference was sent to your email.'
          : 'You keep your current plan until then; nothing is charged today.'}
      </p>
      <div className="actions">
        <ButtonLink to={paths.menu.href()}>Back to the menu</ButtonLink>
        <ButtonLink to={paths.subscriptionStatus.href()} variant="secondary">
          Subscription status
        </ButtonLink>
      </div>
    </section>
  );
}
