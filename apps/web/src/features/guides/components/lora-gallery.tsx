import { LIMITS } from '@app/domain';
import { useRef, useState } from 'react';
import { Dialog } from '@/components/ui/index.ts';
import { LORA_SAMPLES, LoraArt, type LoraSample } from '../assets/lora-art.tsx';
import { CodeBlock } from './code-block.tsx';

/**
 * Sample images made with LoRA models. Each thumbnail is a button: Enter or Space opens the
 * sample in a modal, Escape closes it, and focus goes back to the thumbnail.
 */
export function LoraGallery() {
  const [open, setOpen] = useState<LoraSample | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const close = () => {
    setOpen(null);
    // The native dialog restores focus in most browsers; this makes it certain.
    window.requestAnimationFrame(() => opener.current?.focus());
  };
  return (
    <>
      <ul className="lora-gallery">
        {LORA_SAMPLES.map((sample) => (
          <li key={sample.id}>
            <button
              type="button"
              className="lora-thumb"
              aria-haspopup="dialog"
              onClick={(event) => {
                opener.current = event.currentTarget;
                setOpen(sample);
              }}
            >
              <LoraArt sample={sample} decorative />
              <span className="lora-thumb-label">
                {sample.model} <span className="muted">· weight {sample.weight}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={open !== null} title={open ? `Sample: ${open.model}` : 'Sample'} onClose={close}>
        {open && (
          <div className="lora-modal">
            <LoraArt sample={open} />
            <p>{open.alt}.</p>
            <p className="muted">
              Made with the {open.model} LoRA at weight {open.weight}
              {open.weight === LIMITS.lora.weight.default ? ' (the default)' : ''}. The prompt:
            </p>
            <CodeBlock code={`/make prompt: ${open.prompt}`} label="sample prompt" />
          </div>
        )}
      </Dialog>
    </>
  );
}
