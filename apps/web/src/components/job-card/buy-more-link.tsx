import type { Shortfall } from '@app/domain';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';

/** The way out of "not enough": to the packages that add what is missing, saying how much. */
export function BuyMoreLink({ shortfall }: { shortfall: Shortfall }) {
  const { currency, missing } = shortfall;
  return (
    <Link to={paths.credits.href(shortfall)}>
      Buy {currency} (you need {missing.toLocaleString('en-US')} more)
    </Link>
  );
}
