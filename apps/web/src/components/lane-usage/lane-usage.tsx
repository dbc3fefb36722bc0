import { LANE_TEXTS, type LaneUsageWire } from '@app/domain';

/**
 * A person's mode and what this period used of each lane: the credits spent in fast and turbo,
 * and the relax jobs against the plan's cap a day. The dashboard and the studio show it alike.
 */
export function LaneUsage({ usage }: { usage: LaneUsageWire }) {
  const since = new Date(usage.periodStart).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <dl className="lane-usage" data-testid="lane-usage">
      <div>
        <dt>Mode</dt>
        <dd data-testid="lane">{LANE_TEXTS.title[usage.lane]}</dd>
      </div>
      <div>
        <dt>Since {since}</dt>
        <dd data-testid="lane-spent">{LANE_TEXTS.spentLine(usage.spent)}</dd>
      </div>
      {usage.lanes.includes('relax') && (
        <div>
          <dt>Relax</dt>
          <dd data-testid="lane-relax">{LANE_TEXTS.relaxCount(usage.relax)}</dd>
        </div>
      )}
    </dl>
  );
}
