import { VOICE_FLAGS, commandsIn } from '@app/domain';
import { CommandReference } from '../components/command-reference.tsx';
import { FlagTable } from '../components/flag-table.tsx';
import { GuidePage, GuideSection } from '../components/guide-page.tsx';

export function AudioGuidePage() {
  const commands = commandsIn('audio');
  const styled = VOICE_FLAGS.filter((flag) => flag.voiceKind === 'celebrity-style');
  const characters = VOICE_FLAGS.filter((flag) => flag.voiceKind === 'generic');
  return (
    <GuidePage
      eyebrow="Audio"
      title="Making speech, music and sound"
      description="Text to speech with voice flags, music from a style and sound effects from text."
      lead={`Give words a voice — ${VOICE_FLAGS.length} to choose from — compose music from a few words about its style, or conjure a sound effect.`}
      toc={[
        ...commands.map((command) => ({ id: `cmd-${command.name}`, label: `/${command.name}` })),
        { id: 'voices', label: 'Voice flags' },
      ]}
    >
      {commands.map((command) => (
        <CommandReference key={command.name} command={command} showFlags={false} />
      ))}
      <GuideSection id="voices" title="Voice flags">
        <p>
          Add one flag at the end of your <code>/speak</code> text. Styled voices imitate a familiar way of
          speaking, never a real person; characters are voices of our own.
        </p>
        <FlagTable flags={styled} caption={`Styled voices (${styled.length})`} />
        <FlagTable flags={characters} caption={`Character voices (${characters.length})`} />
      </GuideSection>
    </GuidePage>
  );
}
