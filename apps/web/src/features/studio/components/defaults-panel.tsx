import {
  DEFAULT_ASPECTS,
  DEFAULT_LORA_WEIGHTS,
  LIMITS,
  MATURE_DISPLAYS,
  type MatureDisplay,
  aspectLabel,
} from '@app/domain';
import { useId } from 'react';
import { useUpdateUserSettingsMutation, useUserSettingsQuery } from '@/api/user-settings.ts';

const MATURE_WORDS: Record<MatureDisplay, string> = {
  show: 'Show them',
  blur: 'Blur them until I click (standard)',
  hide: 'Hide them',
};

/**
 * The person's defaults, as `/settings` sets them on Discord: the aspect added to image prompts
 * that name none, the LoRA weight, (on a paid plan) whether new creations start private, and for
 * adults how others' mature creations (the horror channels') show in the gallery.
 */
export function DefaultsPanel() {
  const { data, isError } = useUserSettingsQuery();
  const [update, { isLoading, error }] = useUpdateUserSettingsMutation();
  const remixHint = useId();
  if (isError) return null;
  // The summary line's room is kept while the defaults load, so the studio below does not move.
  if (!data) return <div className="studio-defaults studio-defaults-pending" aria-hidden="true" />;
  const { settings } = data;
  const failed =
    error && 'data' in error ? (error.data as { error?: { message?: string } }).error?.message : null;
  return (
    <details className="studio-defaults">
      <summary>
        Your defaults: {aspectLabel(settings.defaultAspect)} · LoRA weight{' '}
        {settings.defaultLoraWeight ?? LIMITS.lora.weight.default} ·{' '}
        {settings.privateByDefault ? 'private' : 'public'}
      </summary>
      <p className="muted">
        The same as /settings on Discord: they apply to your next commands in both places.
      </p>
      <label>
        Default aspect
        <select
          value={settings.defaultAspect ?? ''}
          disabled={isLoading}
          onChange={(event) => void update({ defaultAspect: event.target.value || null })}
        >
          <option value="">{aspectLabel(null)}</option>
          {DEFAULT_ASPECTS.map((flag) => (
            <option key={flag} value={flag}>
              {aspectLabel(flag)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Default LoRA weight
        <select
          value={String(settings.defaultLoraWeight ?? LIMITS.lora.weight.default)}
          disabled={isLoading}
          onChange={(event) => {
            const weight = Number(event.target.value);
            void update({ defaultLoraWeight: weight === LIMITS.lora.weight.default ? null : weight });
          }}
        >
          {DEFAULT_LORA_WEIGHTS.map((weight) => (
            <option key={weight} value={String(weight)}>
              {weight === LIMITS.lora.weight.default ? `${weight} (standard)` : weight}
            </option>
          ))}
        </select>
      </label>
      <label className="studio-defaults-check">
        <input
          type="checkbox"
          checked={settings.privateByDefault}
          disabled={isLoading || !settings.privateAllowed}
          onChange={(event) => void update({ privateByDefault: event.target.checked })}
        />
        New creations start private
        {!settings.privateAllowed && <span className="muted"> (comes with a paid plan)</span>}
      </label>
      {settings.matureAllowed ? (
        <label>
          Mature creations (horror, gore) of others
          <select
            value={settings.matureDisplay}
            disabled={isLoading}
            onChange={(event) => void update({ matureDisplay: event.target.value as MatureDisplay })}
          >
            {MATURE_DISPLAYS.map((display) => (
              <option key={display} value={display}>
                {MATURE_WORDS[display]}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="muted">Mature creations (horror, gore) are shown only to people who are 18 or older.</p>
      )}
      <label className="studio-defaults-check">
        <input
          type="checkbox"
          checked={settings.remix}
          disabled={isLoading}
          aria-describedby={remixHint}
          onChange={(event) => void update({ remix: event.target.checked })}
        />
        Remix in Discord
      </label>
      <p id={remixHint} className="muted">
        Vary, Zoom and Pan first open the prompt to edit.
      </p>
      {failed && <p role="alert">{failed}</p>}
    </details>
  );
}
