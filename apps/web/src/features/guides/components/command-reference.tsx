import { channelsOfKind, commandAnchor, type CommandDefinition, type GuideSectionId } from '@app/domain';
import { CodeBlock } from './code-block.tsx';
import { FlagTable } from './flag-table.tsx';
import { useSectionCommands } from '../lib/command-registry.ts';
import { formatLimit } from '../lib/format.ts';

const TYPE_TEXT = {
  string: 'Text',
  attachment: 'File',
  number: 'Number',
  integer: 'Whole number',
  boolean: 'Yes / no',
} as const;

const ANSWER_TEXT = {
  'queued-result': 'Queued at once, then posted in the same channel with a ping:',
  'queued-dm': 'Queued at once.',
  immediate: 'At once:',
} as const;

/**
 * Everything about one command, rendered from the registry: what it does, its options, flags,
 * limits, where to use it, what the bot answers and examples to copy.
 */
export function CommandReference({
  command,
  level = 2,
  showFlags = true,
}: {
  command: CommandDefinition;
  level?: 2 | 3;
  showFlags?: boolean;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const id = commandAnchor(command.name);
  const channels = command.channel
    ? channelsOfKind(command.channel).map((channel) => `#${channel.name}`)
    : [];
  // Eight numbered training images read better as one row.
  const options = collapseNumbered(command);
  return (
    <section className="command" aria-labelledby={id}>
      <Heading id={id} className="command-name">
        <code>/{command.name}</code>
      </Heading>
      <p className="command-summary">{command.summary}</p>
      <p>{command.details}</p>

      {options.length > 0 && (
        <div className="table-wrap">
          <table>
            <caption>
              Options of <code>/{command.name}</code>
            </caption>
            <thead>
              <tr>
                <th scope="col">Option</th>
                <th scope="col">Type</th>
                <th scope="col">Required</th>
                <th scope="col">What it does</th>
              </tr>
            </thead>
            <tbody>
              {options.map((option) => (
                <tr key={option.name}>
                  <th scope="row">
                    <code>{option.name}</code>
                  </th>
                  <td>
                    {TYPE_TEXT[option.type]}
                    {option.accepts && <span className="muted"> ({option.accepts.join(', ')})</span>}
                    {option.min !== undefined && option.max !== undefined && (
                      <span className="muted">
                        {' '}
                        {option.min}-{option.max}
                      </span>
                    )}
                  </td>
                  <td>{option.required ? 'Yes' : 'No'}</td>
                  <td>{option.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {showFlags && command.flags.length > 0 && (
        <FlagTable flags={command.flags} caption={`Flags of /${command.name}`} />
      )}

      <dl className="facts">
        {command.limits.map((limit) => (
          <div key={limit.key}>
            <dt>{limit.label}</dt>
            <dd>{formatLimit(limit)}</dd>
          </div>
        ))}
        {channels.length > 0 && (
          <div>
            <dt>Where</dt>
            <dd>{channels.join(', ')}</dd>
          </div>
        )}
        <div className="facts-wide">
          <dt>The bot answers</dt>
          <dd>
            {ANSWER_TEXT[command.answer.kind]} {command.answer.result}
          </dd>
        </div>
      </dl>

      <ul className="examples" aria-label={`Examples of /${command.name}`}>
        {command.examples.map((example) => (
          <li key={example.input}>
            <CodeBlock code={example.input} label={`example: ${example.note}`} />
            <p className="example-note">{example.note}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The references of every command a guide section shows, as the registry says. */
export function SectionCommands({
  section,
  level,
  showFlags,
}: {
  section: GuideSectionId;
  level?: 2 | 3;
  showFlags?: boolean;
}) {
  return useSectionCommands(section).map((command) => (
    <CommandReference key={command.name} command={command} level={level} showFlags={showFlags} />
  ));
}

/** Table-of-contents entries for the commands of a guide section. */
export function useCommandToc(section: GuideSectionId) {
  return useSectionCommands(section).map((command) => ({
    id: commandAnchor(command.name),
    label: `/${command.name}`,
  }));
}

function collapseNumbered(command: CommandDefinition) {
  const numbered = command.options.filter((option) => /^image\d+$/.test(option.name));
  if (numbered.length < 2) return command.options;
  const first = numbered[0]!;
  return [
    ...command.options.filter((option) => !numbered.includes(option)),
    {
      ...first,
      name: `image1 … image${numbered.length}`,
      description: `${numbered.length} training images, one per option.`,
    },
  ];
}
