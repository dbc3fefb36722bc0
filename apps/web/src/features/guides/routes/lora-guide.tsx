import { LIMITS, LORA_FLAGS } from '@app/domain';
import { CodeBlock } from '../components/code-block.tsx';
import { SectionCommands } from '../components/command-reference.tsx';
import { FlagTable } from '../components/flag-table.tsx';
import { GuidePage, GuideSection } from '../components/guide-page.tsx';
import { LoraGallery } from '../components/lora-gallery.tsx';

export function LoraGuidePage() {
  const { lora } = LIMITS;
  return (
    <GuidePage
      eyebrow="LoRA models"
      title="Your own LoRA models"
      description="Train a custom image model from your pictures and use it with /make."
      lead={`A LoRA is a small add-on model that teaches the image generator one subject or style. Train one from ${lora.createImages} images, then call it by name in any /make prompt.`}
      toc={[
        { id: 'training', label: 'Training' },
        { id: 'using', label: 'Using a LoRA' },
        { id: 'samples', label: 'Samples' },
        { id: 'managing', label: 'Managing your models' },
      ]}
    >
      <GuideSection id="training" title="Training">
        <ol className="steps">
          <li>
            Collect {lora.createImages} images of one subject or style (or {lora.zipImages.min}-
            {lora.zipImages.max} for a ZIP). Vary angles, light and backgrounds.
          </li>
          <li>Run one of the commands below with a short name for your model.</li>
          <li>
            Training takes about {lora.trainingMinutes} minutes. The bot sends you a direct message when the
            model is ready.
          </li>
        </ol>
        <SectionCommands section="lora-training" level={3} />
      </GuideSection>

      <GuideSection id="using" title="Using a LoRA">
        <p>
          Add <code>-lora</code> and your model&apos;s name to a <code>/make</code> prompt. The name is
          case-sensitive: <code>FoxKnight</code> and <code>foxknight</code> are different models.{' '}
          <code>-loraweight</code> sets how strongly it shapes the image, from {lora.weight.min} to{' '}
          {lora.weight.max}; without it the weight is {lora.weight.default}.
        </p>
        <FlagTable flags={LORA_FLAGS} caption="LoRA flags for /make" />
        <CodeBlock code="/make prompt: a knight in autumn woods -lora FoxKnight -loraweight 0.6" />
        <p>An image made with a LoRA takes about {lora.secondsPerImage} seconds.</p>
      </GuideSection>

      <GuideSection id="samples" title="Samples">
        <p>Images made with example models. Select one to see it larger, with the prompt that made it.</p>
        <LoraGallery />
      </GuideSection>

      <GuideSection id="managing" title="Managing your models">
        <SectionCommands section="lora-managing" level={3} />
      </GuideSection>
    </GuidePage>
  );
}
