/** Adds whole months or years like Stripe's billing cycle: the day is clamped to the month's end. */
export function addInterval(start: number, interval: string, count = 1, anchor = start): number {
  const d = new Date(start * 1000);
  if (interval === 'day') return start + 86400 * count;
  if (interval === 'week') return start + 7 * 86400 * count;
  const months = interval === 'year' ? 12 * count : count;
  const anchorDay = new Date(anchor * 1000).getUTCDate();
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(anchorDay, lastDay));
  return Math.floor(target.getTime() / 1000);
}
