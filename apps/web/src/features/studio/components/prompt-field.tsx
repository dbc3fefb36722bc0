import { parsePromptWeights } from '@app/domain';
import { useId } from 'react';

const tone = (weight: number) => (weight > 1 ? 'stronger' : weight < 1 ? 'weaker' : 'normal');

/** The prompt with a live preview of the weight each part gets, read by the bot's own parser. */
export function PromptField({
  label,
  value,
  required,
  description,
  weighting,
  singleLine = false,
  onChange,
}: {
  label: string;
  value: string;
  required: boolean;
  description: string;
  /** Image prompts are weighted; speech and music text is not. */
  weighting: boolean;
  /** A short one-word value (a model's name) gets a one-line field. */
  singleLine?: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hintId = useId();
  const segments = weighting
    ? parsePromptWeights(value)
        .map((segment) => ({ ...segment, text: segment.text.trim().replace(/^,\s*|,\s*$/g, '') }))
        .filter((segment) => segment.text.length > 0)
    : [];
  const weighted = segments.some((segment) => segment.weight !== 1);
  return (
    <div className="studio-field">
      <label htmlFor={id}>{label}</label>
      <p id={hintId} className="muted studio-hint">
        {description}
        {weighting && ' Parentheses add weight: (word) is 1.25, (word:0.6) sets it.'}
      </p>
      {singleLine ? (
        <input
          id={id}
          type="text"
          aria-describedby={hintId}
          value={value}
          required={required}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <textarea
          id={id}
          aria-describedby={hintId}
          value={value}
          rows={3}
          required={required}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {weighted && (
        <ul className="studio-weights" aria-label="Weight of each part" aria-live="polite">
          {segments.map((segment, index) => (
            <li
              key={`${index}-${segment.text}`}
              className={`studio-weight studio-weight-${tone(segment.weight)}`}
            >
              <span>{segment.text}</span> <strong>{Number(segment.weight.toFixed(2))}</strong>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
