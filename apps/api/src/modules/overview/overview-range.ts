import { OVERVIEW_DEFAULT_DAYS, type OverviewQuery } from '@app/domain';
import type { OverviewRange } from '@app/db';

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The range an overview call covers: the days asked for, or the last `OVERVIEW_DEFAULT_DAYS` days
 * up to today (UTC). With one end only, the other is that many days away.
 */
export function overviewRange(query: OverviewQuery, now = new Date()): OverviewRange {
  const span = (OVERVIEW_DEFAULT_DAYS - 1) * 86_400_000;
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.from) return { from: query.from, to: day(new Date(Date.parse(query.from) + span)) };
  const to = query.to ?? day(now);
  return { from: day(new Date(Date.parse(to) - span)), to };
}
