import type { ModerationActionWire } from '@app/domain';
import { Button } from '@/components/ui/index.ts';
import { useUndoModerationActionMutation } from '../api/moderation.ts';

const WORDS: Record<ModerationActionWire['action'], string> = {
  hide: 'Hid a creation',
  warn: 'Warned',
  pause: 'Paused',
  ban: 'Banned',
};

/** What moderators already did to a person, newest first; each standing action can be undone. */
export function ActionHistory({ actions, name }: { actions: ModerationActionWire[]; name: string }) {
  const [undo, undoing] = useUndoModerationActionMutation();
  if (!actions.length) return <p className="muted">No earlier actions on {name}.</p>;
  return (
    <ul className="action-history" aria-label={`Actions on ${name}`}>
      {actions.map((action) => (
        <li key={action.id}>
          <span className={action.undoneAt ? 'undone' : undefined}>
            {WORDS[action.action]}
            {action.until ? ` until ${new Date(action.until).toLocaleString()}` : ''} — “{action.reason}” by{' '}
            {action.actor}, {new Date(action.createdAt).toLocaleString()}
          </span>
          {action.undoneAt ? (
            <span className="muted"> (undone {new Date(action.undoneAt).toLocaleString()})</span>
          ) : (
            <Button variant="ghost" disabled={undoing.isLoading} onClick={() => void undo(action.id)}>
              Undo
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
