import { VOICE_FLAGS } from '@app/domain';
import { SectionCommands, useCommandToc } from '../components/command-reference.tsx';
import { FlagTable } from '../components/flag-table.tsx';
import { GuidePage, GuideSection } from '../components/guide-page.tsx';

export function AudioGuidePage() {
  const commands = useCommandToc('audio');
  const styled = VOICE_FLAGS.filter((flag) => flag.voiceKind === 'celebrity-style');
  const characters = VOICE_FLAGS.filter((flag) => flag.voiceKind === 'generic');
  return (
    <GuidePage
      eyebrow="Audio"
      title="Making speech, music and sound"
      description="Text to speech with voice flags, music from a style and sound effects from text."
      lead={`Give words a voice — ${VOICE_FLAGS.length} to choose from — compose music from a few words about its style, or conjure a sound effect.`}
      toc={[...commands, { id: 'voices', label: 'Voice flags' }]}
    >
      <SectionCommands section="audio" showFlags={false} />
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
