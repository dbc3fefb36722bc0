import { CREDIT_PACKAGES, formatCents, CREDIT_PACKAGE_TYPE } from '@app/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useCreatePaymentIntentMutation } from '../api/create-payment-intent.ts';
import '../components/purchases.css';

/** /credits: one-time credit packages. */
export function CreditsPage() {
  useDocumentTitle('Buy credits');
  const navigate = useNavigate();
  const [createIntent, { isLoading, error }] = useCreatePaymentIntentMutation();
  const [pending, setPending] = useState<string | null>(null);

  async function buy(index: number) {
    const pack = CREDIT_PACKAGES[index]!;
    setPending(pack.name);
    try {
      const paymentIntent = await createIntent({
        purchaseType: CREDIT_PACKAGE_TYPE,
        tierType: pack.name,
      }).unwrap();
      void navigate(paths.checkout.href(), { state: { paymentIntent, selectedTierIndex: index } });
    } catch {
      setPending(null);
    }
  }

  return (
    <section className="tier-choice">
      <h1>Buy credits</h1>
      <p className="lead">
        Credit packages are one-time purchases. They never expire and work on every plan.
      </p>
      {error && <Alert>{apiErrorMessage(error)}</Alert>}
      <div className="tier-grid credit-grid">
        {CREDIT_PACKAGES.map((pack, index) => (
          <article
            key={pack.name}
            className="tier-card"
            style={{ '--tier-color': pack.color } as React.CSSProperties}
          >
            <h2>{pack.name}</h2>
            <p className="tier-price">
              <span className="tier-amount">${formatCents(pack.price)}</span>
            </p>
            <div className="tier-details" dangerouslySetInnerHTML={{ __html: pack.details }} />
            <button
              type="button"
              className="btn btn-primary"
              disabled={isLoading}
              onClick={() => void buy(index)}
            >
              {pending === pack.name ? 'Preparing checkout…' : `Buy ${pack.name}`}
            </button>
          </article>
        ))}
      </div>
    </section>
  );
}
