import { ASPECT_FLAGS, LIMITS } from '@app/domain';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { AspectDiagram } from '../assets/aspect-diagram.tsx';
import { DenoiseScale } from '../assets/denoise-scale.tsx';
import { FillDiagram } from '../assets/fill-diagram.tsx';
import { GridDiagram } from '../assets/grid-diagram.tsx';
import { ActionTable } from '../components/action-table.tsx';
import { CodeBlock } from '../components/code-block.tsx';
import { SectionCommands, useCommandToc } from '../components/command-reference.tsx';
import { FlagTable } from '../components/flag-table.tsx';
import { GuidePage, GuideSection } from '../components/guide-page.tsx';
import { WeightingBox } from '../components/weighting-box.tsx';
import { WeightingRules } from '../components/weighting-rules.tsx';

export function MakeGuidePage() {
  const prompting = useCommandToc('prompting');
  return (
    <GuidePage
      eyebrow="Images"
      title="Making images with /make"
      description="Prompts, prompt weighting, aspect flags and image editing commands."
      lead={`Describe a picture in words and get a ${LIMITS.imageGrid.columns}×${LIMITS.imageGrid.rows} grid of takes on it. Weighting tells the bot what matters most; a flag picks the shape.`}
      toc={[
        ...prompting,
        { id: 'weighting', label: 'Prompt weighting' },
        { id: 'aspect', label: 'Aspect flags' },
        { id: 'editing', label: 'Editing images' },
        { id: 'fills', label: 'Generative fill' },
        { id: 'actions', label: 'Working on a result' },
      ]}
    >
      <div className="guide-split">
        <div>
          <SectionCommands section="prompting" showFlags={false} />
        </div>
        <GridDiagram />
      </div>

      <GuideSection id="weighting" title="Prompt weighting">
        <p>
          Put parentheses around the words that matter most. Each pair adds 25 points of strength. To set a
          strength yourself, write a colon and a number inside: below 1 is weaker, above 1 is stronger. Text
          outside parentheses has weight 1.
        </p>
        <WeightingRules />
        <WeightingBox />
        <p className="muted">
          A lone parenthesis is read as plain text, and a number that is not a number (like{' '}
          <code>(sky:lots)</code>) counts as a plain pair of parentheses. Type <code>\(</code> for a literal
          parenthesis.
        </p>
      </GuideSection>

      <GuideSection id="aspect" title="Aspect flags">
        <p>Add one flag at the end of your prompt to change the shape of the images.</p>
        <AspectDiagram />
        <FlagTable flags={ASPECT_FLAGS} caption="Aspect flags" valueHeading="Shape (width:height)" />
        <CodeBlock code="/make prompt: a winding river seen from above -tall" />
        <p>
          Trained your own model? <code>-lora</code> and <code>-loraweight</code> are explained in the{' '}
          <Link to={paths.loraGuide.href()}>LoRA guide</Link>.
        </p>
      </GuideSection>

      <GuideSection id="editing" title="Editing images">
        <p>
          Start from a picture instead of a blank page. <code>/Change</code> and <code>/adjust</code> take a
          denoising strength from {LIMITS.denoise.min} to {LIMITS.denoise.max}: how much of your image may be
          painted over.
        </p>
        <DenoiseScale />
        <SectionCommands section="editing" level={3} />
      </GuideSection>

      <GuideSection id="fills" title="Generative fill">
        <p>
          Need more room around a picture? The fill commands extend it by {LIMITS.fillPixels} px on each side
          that grows and paint the new area to match.
        </p>
        <FillDiagram />
        <SectionCommands section="fills" level={3} />
      </GuideSection>

      <GuideSection id="actions" title="Working on a result">
        <p>
          The buttons under a result keep the work going: upscale or vary one image of a grid, then zoom out (
          {LIMITS.zoom.min}× to {LIMITS.zoom.max}×), pan to extend it by half in one direction, or make it
          square. <code>/show</code> with a job id brings a result back with its buttons. The same actions are
          on each creation in the studio.
        </p>
        <ActionTable />
      </GuideSection>
    </GuidePage>
  );
}
