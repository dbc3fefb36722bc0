import { LANE_TEXTS, type Lane, type Price } from '@app/domain';

/** What the job costs, and what the user has, in the command's currency. */
export function CostLine({
  cost,
  currency,
  balance,
  lane = 'fast',
}: {
  cost: Price;
  currency: 'credits' | 'hypercredits';
  balance: Price | null;
  lane?: Lane;
}) {
  return (
    <p className="studio-cost" data-testid="studio-cost">
      Costs <strong>{cost[currency]}</strong> {currency}
      {lane !== 'fast' && <> in {LANE_TEXTS.inLane(lane)}</>}
      {balance && (
        <>
          {' · '}you have <strong data-testid="studio-balance">{balance[currency]}</strong>
        </>
      )}
    </p>
  );
}
