import type { LoraWire } from '@app/domain';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { imageSrcSet } from '@/components/job-card/index.ts';
import { Button, Dialog } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';

type Sample = LoraWire['samples'][number];

const STATUS_WORDS = { training: 'Training…', ready: 'Ready', failed: 'Training failed' } as const;

const sampleAlt = (lora: LoraWire, index: number) =>
  `Sample image ${index + 1} made with the ${lora.name} LoRA`;

/**
 * The user's LoRA models, each with its sample images. A sample is a button: Enter or Space opens
 * it at full size in a modal, Escape closes it, and focus goes back to the sample.
 */
export function LoraList({
  loras,
  removing,
  onRemove,
}: {
  loras: LoraWire[];
  removing: boolean;
  onRemove: (lora: LoraWire) => void;
}) {
  const [open, setOpen] = useState<{ lora: LoraWire; index: number; sample: Sample } | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const close = () => {
    setOpen(null);
    window.requestAnimationFrame(() => opener.current?.focus());
  };
  return (
    <>
      <ul className="lora-list">
        {loras.map((lora) => (
          <li key={lora.id} className="lora-item">
            <div className="lora-head">
              <h3>{lora.name}</h3>
              <span className={`lora-status lora-status-${lora.status}`}>{STATUS_WORDS[lora.status]}</span>
              <span className="lora-actions">
                {lora.status === 'ready' && (
                  <Link to={paths.studio.href({ command: 'make', lora: lora.name })}>Use in the studio</Link>
                )}
                <Button
                  variant="danger"
                  className="lora-remove"
                  aria-label={`Remove ${lora.name}`}
                  disabled={removing}
                  onClick={() => onRemove(lora)}
                >
                  Remove
                </Button>
              </span>
            </div>
            {lora.status === 'training' ? (
              <p className="muted">Training… samples appear when it is done.</p>
            ) : lora.status === 'failed' ? (
              <p className="muted">
                Training did not finish, and its cost was given back. Remove it, or train again under the same
                name.
              </p>
            ) : lora.samples.length === 0 ? (
              <p className="muted">
                This model has no sample images. Try it in the studio to see what it does.
              </p>
            ) : (
              <ul className="lora-samples" aria-label={`Sample images of ${lora.name}`}>
                {lora.samples.map((sample, index) => (
                  <li key={sample.url}>
                    <button
                      type="button"
                      className="lora-sample"
                      aria-haspopup="dialog"
                      aria-label={`Show sample ${index + 1} of ${lora.name} at full size`}
                      onClick={(event) => {
                        opener.current = event.currentTarget;
                        setOpen({ lora, index, sample });
                      }}
                    >
                      <img
                        src={sample.thumbUrl ?? sample.url}
                        srcSet={imageSrcSet(sample)}
                        sizes="8rem"
                        width={sample.width}
                        height={sample.height}
                        alt={sampleAlt(lora, index)}
                        loading="lazy"
                      />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      <Dialog open={open !== null} title={open ? `Sample of ${open.lora.name}` : 'Sample'} onClose={close}>
        {open && (
          <div className="lora-full">
            <img
              src={open.sample.url}
              width={open.sample.width}
              height={open.sample.height}
              alt={sampleAlt(open.lora, open.index)}
            />
            <a href={open.sample.url} download>
              Download this image
            </a>
          </div>
        )}
      </Dialog>
    </>
  );
}
