import { Link } from 'react-router';
import { Alert } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { JobApiError } from './jobs-api.ts';

/** A refused job call in plain words, with the way out where there is one. */
export function JobErrorAlert({ error }: { error: unknown }) {
  const known = error instanceof JobApiError ? error : null;
  const message = known?.message ?? 'Something went wrong. Please try again.';
  return (
    <Alert>
      {message}
      {known?.code === 'INSUFFICIENT_CREDITS' && (
        <>
          {' '}
          <Link to={paths.credits.href()}>Buy credits</Link>
        </>
      )}
      {known?.code === 'TOO_MANY_JOBS' && ' Wait for one of your jobs to finish, then try again.'}
    </Alert>
  );
}
