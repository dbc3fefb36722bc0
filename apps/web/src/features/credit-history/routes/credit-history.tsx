import { Link } from 'react-router';
import { useLedgerPages } from '@/api/ledger.ts';
import { LedgerHistory } from '@/components/credit-history/index.ts';
import { paths } from '@/config/paths.ts';
import { useCurrentUserQuery } from '@/lib/auth/get-current-user.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** /credithistory: every change of the user's credits and hypercredits, newest first. */
export function CreditHistoryPage() {
  useDocumentTitle('Credit history');
  const { data: user } = useCurrentUserQuery();
  const pages = useLedgerPages(user?.user_id);
  return (
    <section>
      <h1>Credit history</h1>
      <p>
        Purchases, plan credits, gifts, what each creation cost and any refund, newest first. Balances are
        what you had just after each change. <Link to={paths.credits.href()}>Buy credits</Link>
      </p>
      <LedgerHistory pages={pages} caption="Your credit history" />
    </section>
  );
}
