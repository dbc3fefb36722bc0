import { ERROR_TEXT } from '@app/domain';
import { Alert, ButtonLink, Spinner } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { useCurrentUserQuery } from '@/lib/auth/get-current-user.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useGetGiftCodeListQuery } from '../api/get-gift-code-list.ts';
import { useGetPaymentHistoryQuery } from '../api/get-payment-history.ts';
import { GiftCodeList } from '../components/gift-code-list.tsx';
import { PaymentTable } from '../components/payment-table.tsx';
import '../components/payment-history.css';

/** /paymenthistory: the user's payments and the gift codes they bought. */
export function PaymentHistoryPage() {
  useDocumentTitle('Payment history');
  const { data: user } = useCurrentUserQuery();
  const stripeId = user?.stripeid ?? null;
  const history = useGetPaymentHistoryQuery(stripeId ?? '', { skip: !stripeId });
  const gifts = useGetGiftCodeListQuery(stripeId, { skip: !user });

  let payments;
  if (!user || (stripeId && history.isLoading)) payments = <Spinner label="Loading your payments…" />;
  else if (history.isError || gifts.isError) payments = <Alert>{ERROR_TEXT.paymentHistoryFailed}</Alert>;
  else payments = <PaymentTable records={stripeId ? (history.data ?? []) : []} />;

  return (
    <section className="payment-history">
      <h1>Payment history</h1>
      {payments}
      <h2>Gift codes</h2>
      {gifts.data ? (
        <GiftCodeList list={gifts.data} />
      ) : (
        !gifts.isError && <Spinner label="Loading gift codes…" />
      )}
      <div className="actions">
        <ButtonLink to={paths.dashboard.href()} variant="secondary">
          Dashboard
        </ButtonLink>
      </div>
    </section>
  );
}
