/** Cents as dollars with two decimals (money is kept in cents everywhere). */
export const dollars = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;

export const seconds = (value: number) =>
  value < 60 ? `${value.toFixed(1)} s` : `${(value / 60).toFixed(1)} min`;

export const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** `YYYY-MM-DD` of a UTC day as seconds since the epoch, uPlot's time scale. */
export const daySeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** The ledger's key prefixes, in words. */
const SOURCES: Record<string, string> = {
  invoice: 'plan payments',
  payment_intent: 'credit packages',
  welcome: 'welcome grants',
  'admin-set': 'admin changes',
  seed: 'starting balances',
};
export const sourceName = (key: string) => SOURCES[key] ?? key;
