import { ERROR_TEXT, formatCents } from '@app/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, ButtonAnchor, ButtonLink, Card, CopyButton, Spinner } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useGetPaymentSessionQuery } from '../api/get-payment-session.ts';
import gift from '../assets/thank-you-gift.svg';
import heart from '../assets/thank-you-heart.svg';
import rocket from '../assets/thank-you-rocket.svg';
import trophy from '../assets/thank-you-trophy.svg';
import '../components/purchases.css';

const THANK_YOU_IMAGES = [
  { src: gift, alt: 'An open gift box with sparkles rising out of it' },
  { src: rocket, alt: 'A rocket lifting off into a starry night' },
  { src: heart, alt: 'A glowing heart surrounded by confetti' },
  { src: trophy, alt: 'A golden star trophy with light rays behind it' },
];

/** /success?session_id=…: the receipt of a completed payment. */
export function SuccessPage() {
  useDocumentTitle('Thank you');
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { data: session, isError } = useGetPaymentSessionQuery(sessionId ?? '', { skip: !sessionId });
  const [image] = useState(() => THANK_YOU_IMAGES[Math.floor(Math.random() * THANK_YOU_IMAGES.length)]!);

  // Without a receipt there is nothing to thank for: only the error and the way back.
  const failure = !sessionId ? ERROR_TEXT.noSessionId : isError ? ERROR_TEXT.sessionFetchFailed : null;
  if (failure) {
    return (
      <section className="receipt narrow">
        <h1>Receipt not available</h1>
        <Alert>{failure}</Alert>
        <div className="receipt-actions actions">
          <ButtonLink to={paths.dashboard.href({ refresh: true })}>Dashboard</ButtonLink>
        </div>
      </section>
    );
  }

  let body;
  if (!session) body = <Spinner label="Loading your receipt…" />;
  else {
    const purchase = session.metadata.tierType ?? 'Purchase';
    body = (
      <Card className="receipt-card">
        <dl className="receipt-lines">
          <div>
            <dt>Purchase</dt>
            <dd data-testid="receipt-purchase">{session.metadata.gift ? `Gift: ${purchase}` : purchase}</dd>
          </div>
          <div>
            <dt>Transaction ID</dt>
            <dd className="receipt-id">{session.id}</dd>
          </div>
          <div>
            <dt>Amount paid</dt>
            <dd data-testid="receipt-amount">${formatCents(session.amount_total)}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{session.customer_details.email || 'N/A'}</dd>
          </div>
          {session.giftCode && (
            <div>
              <dt>Gift code</dt>
              <dd>
                <span className="receipt-gift-code">{session.giftCode}</span>{' '}
                <CopyButton text={session.giftCode} label="Copy code" />
              </dd>
            </div>
          )}
        </dl>
      </Card>
    );
  }

  return (
    <section className="receipt narrow">
      <img className="receipt-image" src={image.src} alt={image.alt} width={240} height={180} />
      <h1>Thank you!</h1>
      <p className="lead">Your payment went through. Here is your receipt.</p>
      {body}
      <div className="receipt-actions actions">
        <Button onClick={() => window.print()} disabled={!session}>
          Print Receipt
        </Button>
        {session?.receipt_pdf && (
          <ButtonAnchor
            variant="secondary"
            href={session.receipt_pdf}
            target="_blank"
            rel="noopener noreferrer"
          >
            Download receipt (PDF)
          </ButtonAnchor>
        )}
        <ButtonLink to={paths.dashboard.href({ refresh: true })} variant="secondary">
          Dashboard
        </ButtonLink>
      </div>
    </section>
  );
}
