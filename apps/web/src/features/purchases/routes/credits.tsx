import { CREDIT_PACKAGES, formatCents, CREDIT_PACKAGE_TYPE } from '@app/domain';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useCreatePaymentIntentMutation } from '../api/create-payment-intent.ts';
import '../components/purchases.css';

/** `?need=hypercredits&missing=6` (from a job refused for want of them): what to point at. */
function useNeed() {
  const [search] = useSearchParams();
  const currency = search.get('need');
  const missing = Number(search.get('missing'));
  if (currency !== 'credits' && currency !== 'hypercredits') return null;
  return { currency, missing: Number.isInteger(missing) && missing > 0 ? missing : null } as const;
}

/** The packages in catalog order, those adding the needed currency first (on a phone, the first seen). */
function ordered(currency: 'credits' | 'hypercredits' | undefined) {
  const all = CREDIT_PACKAGES.map((pack, index) => ({ pack, index }));
  if (!currency) return all;
  return [...all.filter(({ pack }) => pack[currency] > 0), ...all.filter(({ pack }) => pack[currency] <= 0)];
}

/** /credits: one-time credit packages. */
export function CreditsPage() {
  useDocumentTitle('Buy credits');
  const navigate = useNavigate();
  const need = useNeed();
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
      {need && (
        <Alert tone="info">
          {need.missing
            ? `You need ${need.missing.toLocaleString('en-US')} more ${need.currency} for what you wanted to make.`
            : `You need more ${need.currency} for what you wanted to make.`}{' '}
          The packages that add {need.currency} are marked.
        </Alert>
      )}
      {error && <Alert>{apiErrorMessage(error)}</Alert>}
      <div className="tier-grid credit-grid">
        {ordered(need?.currency).map(({ pack, index }) => (
          <article
            key={pack.name}
            className={need && pack[need.currency] > 0 ? 'tier-card tier-card-needed' : 'tier-card'}
            style={{ '--tier-color': pack.color } as React.CSSProperties}
          >
            {need && pack[need.currency] > 0 && <p className="tier-needed">Adds {need.currency}</p>}
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
