import { useId } from 'react';
import { STUDIO_CATEGORIES } from '../lib/form-model.ts';

/** The command, chosen from the registry's categories. */
export function CommandPicker({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  const id = useId();
  return (
    <div className="studio-field">
      <label htmlFor={id}>Command</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {STUDIO_CATEGORIES.map((category) => (
          <optgroup key={category.id} label={category.title}>
            {category.commands.map((command) => (
              <option key={command.name} value={command.name}>
                /{command.name}: {command.summary}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
