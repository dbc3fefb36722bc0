import { shortfallOf } from '@app/domain';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { BuyMoreLink } from './buy-more-link.tsx';
import { JobApiError } from '@/lib/job-service.ts';

/** A refused job call in plain words, with the way out where there is one. */
export function JobErrorAlert({ error }: { error: unknown }) {
  const known = error instanceof JobApiError ? error : null;
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
    </Alert>
  );
}
