import { Link } from 'react-router';
import { LedgerHistory } from '@/components/ledger/index.ts';
import { Spinner } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { useCurrentUserQuery } from '@/lib/auth/get-current-user.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** /credithistory: every change of the user's credits and hypercredits, newest first. */
export function CreditHistoryPage() {
  useDocumentTitle('Credit history');
  const { data: user } = useCurrentUserQuery();
  return (
    <section>
      <h1>Credit history</h1>
      <p>
        Purchases, plan credits, gifts, what each creation cost and any refund, newest first. Balances are
        what you had just after each change. <Link to={paths.credits.href()}>Buy credits</Link>
      </p>
      {user ? (
        <LedgerHistory key={user.user_id} userId={user.user_id} caption="Your credit history" />
      ) : (
        <Spinner label="Loading the credit history…" />
      )}
    </section>
  );
}
