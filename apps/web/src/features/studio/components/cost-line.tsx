import type { Price } from '@app/domain';

/** What the job costs, and what the user has, in the command's currency. */
export function CostLine({
  cost,
  currency,
  balance,
}: {
  cost: Price;
  currency: 'credits' | 'hypercredits';
  balance: Price | null;
}) {
  return (
    <p className="studio-cost" data-testid="studio-cost">
      Costs <strong>{cost[currency]}</strong> {currency}
      {balance && (
        <>
          {' · '}you have <strong data-testid="studio-balance">{balance[currency]}</strong>
        </>
      )}
    </p>
  );
}
