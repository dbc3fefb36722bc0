import type { AccountNotice } from '@app/domain';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/index.ts';

/**
 * The account's money said in words (a renewal being retried and when, a lapsed plan, a dispute
 * hold, a balance below zero), each with where to act: `payLink` for an open invoice, the credit
 * packages for a balance to settle.
 */
export function AccountNotices({
  notices,
  payLink,
  creditsLink,
}: {
  notices: AccountNotice[] | undefined;
  /** Where an open invoice is paid; absent on the page that already shows it. */
  payLink?: string;
  creditsLink: string;
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
