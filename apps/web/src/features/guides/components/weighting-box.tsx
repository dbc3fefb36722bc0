import { parsePromptWeights } from '@app/domain';
import { useId, useState, useSyncExternalStore } from 'react';
import { formatWeight } from '../lib/format.ts';

const START = 'a quiet harbour at dawn, ((golden light)), (fog:0.6), (fishing boats:1.3)';

function tone(weight: number) {
  if (weight > 1) return 'stronger';
  if (weight < 1) return 'weaker';
  return 'normal';
}

const never = () => () => {};

/**
 * False in the prerendered page and while it hydrates, true once React runs it. Hydrating a
 * textarea puts back the server's text, so typing is only offered from then on.
 */
const useAlive = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );

/** Type a prompt, see the weight each part gets — the same parser the bot uses. */
export function WeightingBox({ initial = START }: { initial?: string }) {
  const [prompt, setPrompt] = useState(initial);
  const alive = useAlive();
  const inputId = useId();
  const hintId = useId();
  const segments = parsePromptWeights(prompt)
    .map((segment) => ({ ...segment, text: segment.text.trim().replace(/^,\s*|,\s*$/g, '') }))
    .filter((segment) => segment.text.length > 0);
  return (
    <div className="weighting-box">
      <label htmlFor={inputId}>Try a prompt</label>
      <p id={hintId} className="muted weighting-hint">
        Add parentheses or a <code>:number</code> and watch the weights change.
      </p>
      <textarea
        id={inputId}
        aria-describedby={hintId}
        value={prompt}
        readOnly={!alive}
        rows={3}
        spellCheck={false}
        onChange={(event) => setPrompt(event.target.value)}
      />
      <div aria-live="polite">
        {segments.length === 0 ? (
          <p className="muted">Type something to see its weights.</p>
        ) : (
          <ul className="weights" aria-label="Weight of each part">
            {segments.map((segment, index) => (
              <li key={`${index}-${segment.text}`} className={`weight weight-${tone(segment.weight)}`}>
                <span className="weight-text">{segment.text}</span>
                <span className="weight-value">
                  {formatWeight(segment.weight)}
                  <span className="visually-hidden"> ({tone(segment.weight)})</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
