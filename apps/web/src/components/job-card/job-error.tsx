import { APPEAL_LABEL, APPEALED_TEXT, shortfallOf } from '@app/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { BuyMoreLink } from './buy-more-link.tsx';
import { JobApiError } from '@/lib/job-service.ts';

/**
 * A refused job call in plain words, with the way out where there is one; a refused prompt offers
 * "This was a mistake" when the page passes `onAppeal`.
 */
export function JobErrorAlert({
  error,
  onAppeal,
}: {
  error: unknown;
  onAppeal?: (refusalId: string) => Promise<unknown>;
}) {
  const known = error instanceof JobApiError ? error : null;
  const [appeal, setAppeal] = useState<{ for: string; state: 'sending' | 'sent' | 'failed' } | null>(null);
  const refusalId = known?.code === 'PROMPT_REFUSED' ? known.refusalId : undefined;
  const appealed = appeal && appeal.for === refusalId ? appeal.state : null;
  const message = known?.message ?? 'Something went wrong. Please try again.';
  const shortfall =
    known?.code === 'INSUFFICIENT_CREDITS' && known.cost && known.balance
      ? shortfallOf(known.cost, known.balance)
      : null;
  return (
    <Alert>
      {message}
      {known?.code === 'INSUFFICIENT_CREDITS' && (
        <>
          {' '}
          {shortfall ? (
            <BuyMoreLink shortfall={shortfall} />
          ) : (
            <Link to={paths.credits.href()}>Buy credits</Link>
          )}
        </>
      )}
      {known?.code === 'TOO_MANY_JOBS' && ' Wait for one of your jobs to finish, then try again.'}
      {refusalId && onAppeal && (
        <>
          {' '}
          {appealed === 'sent' ? (
            <span role="status">{APPEALED_TEXT}</span>
          ) : (
            <Button
              variant="secondary"
              disabled={appealed === 'sending'}
              onClick={() => {
                setAppeal({ for: refusalId, state: 'sending' });
                onAppeal(refusalId).then(
                  () => setAppeal({ for: refusalId, state: 'sent' }),
                  () => setAppeal({ for: refusalId, state: 'failed' }),
                );
              }}
            >
              {APPEAL_LABEL}
            </Button>
          )}
          {appealed === 'failed' && <span role="alert"> The appeal could not be sent; try again.</span>}
        </>
      )}
    </Alert>
  );
}
