import type { CommandFlag } from '@app/domain';
import { flagUsage, flagValueText } from '../lib/format.ts';

/** A table of flags straight from the registry. */
export function FlagTable({
  flags,
  caption,
  valueHeading = 'Value',
}: {
  flags: readonly CommandFlag[];
  caption: string;
  valueHeading?: string;
}) {
  // Voices are described in words; they take no value.
  const showValue = flags.some((flag) => flag.group !== 'voice');
  return (
    <div className="table-wrap">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Flag</th>
            {showValue && <th scope="col">{valueHeading}</th>}
            <th scope="col">What it does</th>
          </tr>
        </thead>
        <tbody>
          {flags.map((flag) => (
            <tr key={flag.flag}>
              <th scope="row">
                <code>{flagUsage(flag)}</code>
              </th>
              {showValue && <td>{flagValueText(flag)}</td>}
              <td>{flag.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
