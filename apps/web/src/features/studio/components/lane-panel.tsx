import { LANES, LANE_TEXTS, type Lane } from '@app/domain';
import { useId } from 'react';
import {
  useUpdateUserSettingsMutation,
  useUserLanesQuery,
  useUserSettingsQuery,
} from '@/api/user-settings.ts';
import { LaneUsage } from '@/components/lane-usage/index.ts';

/**
 * The mode new jobs run in, as `/fast`, `/relax` and `/turbo` set it on Discord: fast (the price),
 * relax (no credits, the GPUs' free time) or turbo (twice, ahead of fast work), with relax when
 * credits run out, and this period's use of each lane. A lane the plan lacks is shown, disabled,
 * with the plans that have it.
 */
export function LanePanel() {
  const { data } = useUserSettingsQuery();
  const { data: usage } = useUserLanesQuery();
  const [update, { isLoading, error }] = useUpdateUserSettingsMutation();
  const legend = useId();
  // The summary line's room is kept while the settings load, so the studio below does not move.
  if (!data) return <div className="studio-defaults studio-defaults-pending" aria-hidden="true" />;
  const { settings } = data;
  const failed =
    error && 'data' in error ? (error.data as { error?: { message?: string } }).error?.message : null;
  const offered = (lane: Lane) => settings.lanes.includes(lane);
  return (
    <details className="studio-defaults studio-lanes">
      <summary>{LANE_TEXTS.modeLine(settings.lane)}</summary>
      <fieldset aria-labelledby={legend}>
        <legend id={legend}>Mode for your next jobs, here and on Discord</legend>
        {LANES.map((lane) => (
          <label key={lane} className="studio-lane">
            <input
              type="radio"
              name="lane"
              value={lane}
              checked={settings.lane === lane}
              disabled={isLoading || !offered(lane)}
              onChange={() => void update({ lane })}
            />
            <strong>{LANE_TEXTS.title[lane]}</strong>{' '}
            <span className="muted">{LANE_TEXTS.summary[lane]}</span>
            {lane !== 'fast' && !offered(lane) && (
              <span className="muted"> (comes with the {LANE_TEXTS.plansWith(lane)})</span>
            )}
          </label>
        ))}
        {offered('relax') && (
          <label className="studio-lane">
            <input
              type="checkbox"
              checked={settings.relaxWhenOut}
              disabled={isLoading}
              onChange={(event) => void update({ relaxWhenOut: event.target.checked })}
            />
            Switch to relax when my credits run out
          </label>
        )}
      </fieldset>
      {usage && <LaneUsage usage={usage.lanes} />}
      {failed && <p role="alert">{failed}</p>}
    </details>
  );
}
