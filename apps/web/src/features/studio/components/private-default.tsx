import { useEffect, useId, useState } from 'react';
import { getUserSettings, setPrivateByDefault } from '@/api/user-settings.ts';

/**
 * "Make my new creations private": a person's default for every new creation, from the studio and
 * from Discord alike. A private creation stays out of the gallery; others get 404 for its page.
 */
export function PrivateDefault({ userId }: { userId: string }) {
  const [value, setValue] = useState<boolean | null>(null);
  const [status, setStatus] = useState<string>('');
  const id = useId();
  useEffect(() => {
    let current = true;
    getUserSettings(userId).then(
      (settings) => current && setValue(settings.privateByDefault),
      () => current && setStatus('Your settings could not be loaded.'),
    );
    return () => {
      current = false;
    };
  }, [userId]);
  return (
    <div className="private-default">
      <input
        id={id}
        type="checkbox"
        checked={value ?? false}
        disabled={value === null}
        onChange={(event) => {
          const next = event.target.checked;
          setValue(next);
          setStatus('Saving…');
          setPrivateByDefault(userId, next).then(
            (saved) => {
              setValue(saved.privateByDefault);
              setStatus(
                saved.privateByDefault ? 'New creations start private.' : 'New creations start public.',
              );
            },
            (error: unknown) => {
              setValue(!next);
              setStatus((error as Error).message);
            },
          );
        }}
      />
      <label htmlFor={id}>Make my new creations private (from here and from Discord)</label>
      <span role="status" className="muted">
        {status}
      </span>
    </div>
  );
}
