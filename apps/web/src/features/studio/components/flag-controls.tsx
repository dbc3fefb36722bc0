import { type CommandDefinition, LIMITS } from '@app/domain';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import type { Lora } from '@/api/loras.ts';
import { type FlagChoices, flagGroups, flagsIn } from '../lib/form-model.ts';

const label = (flag: string) => flag.replace(/^-/, '');

/** Controls for the flags a command reads from its text: shape, LoRA with weight, voice. */
export function FlagControls({
  command,
  choices,
  loras,
  onChange,
}: {
  command: CommandDefinition;
  choices: FlagChoices;
  /** The user's ready LoRA models; undefined while they load. */
  loras: Lora[] | undefined;
  onChange: (choices: FlagChoices) => void;
}) {
  const aspectId = useId();
  const voiceId = useId();
  const loraId = useId();
  const weightId = useId();
  const groups = flagGroups(command);
  const ready = loras?.filter((lora) => lora.status === 'ready') ?? [];
  const { min, max, default: fallback } = LIMITS.lora.weight;
  return (
    <div className="studio-flags">
      {groups.includes('aspect') && (
        <div className="studio-field">
          <label htmlFor={aspectId}>Shape</label>
          <select
            id={aspectId}
            value={choices.aspect ?? ''}
            onChange={(event) => onChange({ ...choices, aspect: event.target.value || undefined })}
          >
            <option value="">Square</option>
            {flagsIn(command, 'aspect').map((flag) => (
              <option key={flag.flag} value={flag.flag}>
                {flag.ratio ? `${flag.ratio[0]}:${flag.ratio[1]} (${label(flag.flag)})` : flag.description}
              </option>
            ))}
          </select>
        </div>
      )}
      {groups.includes('voice') && (
        <div className="studio-field">
          <label htmlFor={voiceId}>Voice</label>
          <select
            id={voiceId}
            value={choices.voice ?? ''}
            onChange={(event) => onChange({ ...choices, voice: event.target.value || undefined })}
          >
            <option value="">Default voice</option>
            {flagsIn(command, 'voice').map((flag) => (
              <option key={flag.flag} value={flag.flag}>
                {label(flag.flag)}
              </option>
            ))}
          </select>
        </div>
      )}
      {groups.includes('lora') && (
        <div className="studio-field">
          <label htmlFor={loraId}>LoRA model</label>
          {loras && ready.length === 0 ? (
            <p className="muted studio-hint studio-in-place">
              You have no trained LoRA models yet. <Link to={paths.loras.href()}>Train one</Link>
            </p>
          ) : (
            <select
              id={loraId}
              value={choices.lora?.name ?? ''}
              onChange={(event) =>
                onChange({
                  ...choices,
                  lora: event.target.value
                    ? { name: event.target.value, weight: choices.lora?.weight ?? fallback }
                    : undefined,
                })
              }
            >
              <option value="">{loras ? 'None' : 'Loading your models…'}</option>
              {ready.map((lora) => (
                <option key={lora.id} value={lora.name}>
                  {lora.name}
                </option>
              ))}
            </select>
          )}
          {choices.lora && (
            <>
              <label htmlFor={weightId}>LoRA weight: {choices.lora.weight}</label>
              <input
                id={weightId}
                type="range"
                min={min}
                max={max}
                step={0.05}
                value={choices.lora.weight}
                onChange={(event) =>
                  onChange({ ...choices, lora: { ...choices.lora!, weight: Number(event.target.value) } })
                }
              />
            </>
          )}
        </div>
      )}
    </div>
  );
}
