import type { AccountNotice } from '@app/domain';
import { Link } from 'react-router';
import { Alert, Button } from '@/components/ui/index.ts';

/**
 * The account's money said in words (a renewal being retried and when, a lapsed plan, a dispute
 * hold, a balance below zero, auto top-up waiting or off, the spend caps at 80% and 100%), each with
 * where to act: `payLink` for an open invoice, the credit packages for a balance to settle, the
 * bank's page for a waiting top-up, the settings for the caps.
 */
export function AccountNotices({
  notices,
  payLink,
  creditsLink,
  topUpLink,
  onAuthenticate,
}: {
  notices: AccountNotice[] | undefined;
  /** Where an open invoice is paid; absent on the page that already shows it. */
  payLink?: string;
  creditsLink: string;
  /** Where auto top-up and the caps are set. */
  topUpLink?: string;
  /** Opens the bank's page for a top-up waiting on it. */
  onAuthenticate?: () => void;
}) {
  if (!notices?.length) return null;
  return (
    <div className="account-notices" data-testid="account-notices">
      {notices.map((notice) => (
        <Alert key={notice.kind}>
          {notice.text}
          {notice.payNow && payLink && (
            <>
              {' '}
              <Link to={payLink}>Pay now</Link>
            </>
          )}
          {notice.authenticate && onAuthenticate && (
            <>
              {' '}
              <Button variant="secondary" onClick={onAuthenticate}>
                Confirm with your bank
              </Button>
            </>
          )}
          {(notice.kind === 'topUpOff' || notice.kind === 'monthlyCap' || notice.kind === 'dailyCap') &&
            topUpLink && (
              <>
                {' '}
                <Link to={topUpLink}>Auto top-up and caps</Link>
              </>
            )}
          {notice.kind === 'balanceOwed' && (
            <>
              {' '}
              <Link to={creditsLink}>Buy credits</Link>
            </>
          )}
        </Alert>
      ))}
    </div>
  );
}
