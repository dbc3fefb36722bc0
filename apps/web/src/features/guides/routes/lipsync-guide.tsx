import { LipSyncDiagram } from '../assets/lipsync-diagram.tsx';
import { SectionCommands, useCommandToc } from '../components/command-reference.tsx';
import { GuidePage, GuideSection } from '../components/guide-page.tsx';

export function LipSyncGuidePage() {
  const commands = useCommandToc('lipsync');
  return (
    <GuidePage
      eyebrow="Lip-sync"
      title="Lip-sync"
      description="Animate a portrait to speak or sing along to your audio, and use it honestly."
      lead="Upload a portrait and a voice recording; the bot answers with a video of the face speaking or singing along."
      toc={[{ id: 'responsible-use', label: 'Use it honestly' }, ...commands, { id: 'tips', label: 'Tips' }]}
    >
      <GuideSection id="responsible-use" title="Use it honestly">
        <div className="warning" role="note" aria-label="Warning">
          <p>
            <strong>Do not use lip-sync to deceive.</strong> Never make a video that passes off words as said
            by a real person who did not say them, impersonates someone, spreads false information or harms
            anyone&apos;s reputation. Only use faces and voices you have the right to use, and say clearly
            that the video is generated when you share it.
          </p>
          <p>Breaking this rule breaks the community guidelines and can end your access to the service.</p>
        </div>
      </GuideSection>
      <LipSyncDiagram />
      <SectionCommands section="lipsync" />
      <GuideSection id="tips" title="Tips">
        <ul>
          <li>One face, looking at the camera, with the mouth clearly visible, gives the cleanest result.</li>
          <li>Clean audio without music or background noise syncs best; trim silence from the start.</li>
          <li>Paintings, illustrations and your own generated portraits work as well as photos.</li>
        </ul>
      </GuideSection>
    </GuidePage>
  );
}
