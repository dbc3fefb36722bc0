import { IMAGE_ACTION_LIST, type ImageActionName, LIMITS, type JobWire, pickableImages } from '@app/domain';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/index.ts';

export interface ImageActionsProps {
  outputs: JobWire['outputs'];
  busy: boolean;
  onAct: (action: ImageActionName, extra: { index?: number; factor?: number }) => void;
}

const price = (credits: number) => `${credits} credit${credits === 1 ? '' : 's'}`;

/**
 * The image actions of the registry, as the chat offers them: under a grid, upscale or vary each of
 * its four images (U1–U4, V1–V4); under a single image, the single-image actions with Custom Zoom's
 * factor (Make Square only when the image is not square). Each says its price.
 */
export function ImageActions({ outputs, busy, onAct }: ImageActionsProps) {
  const [factor, setFactor] = useState('1.5');
  const factorId = useId();
  const images = outputs.filter((output) => output.mime.startsWith('image/') && output.mime !== 'image/gif');
  const pickable = pickableImages(images.length);
  if (pickable === 0) return null;
  if (pickable > 1) {
    return (
      <div className="job-image-actions">
        {(['U', 'V'] as const).flatMap((letter) =>
          IMAGE_ACTION_LIST.filter((action) => action.perImage === letter).map((action) => (
            <div
              key={action.name}
              role="group"
              aria-label={letter === 'U' ? 'Upscale an image' : 'Vary an image'}
            >
              {Array.from({ length: pickable }, (_, at) => (
                <Button
                  key={at}
                  variant="secondary"
                  disabled={busy}
                  title={`${action.label} image ${at + 1} · ${price(action.price)}`}
                  onClick={() => onAct(action.name as ImageActionName, { index: at + 1 })}
                >
                  {`${letter}${at + 1} ${letter === 'U' ? 'Upscale' : 'Vary'}`}
                </Button>
              ))}
            </div>
          )),
        )}
      </div>
    );
  }
  const [image] = images;
  const square = image?.width !== undefined && image.width === image.height;
  const factorValue = Number(factor);
  const factorOk = factorValue >= LIMITS.zoom.min && factorValue <= LIMITS.zoom.max;
  return (
    <div className="job-image-actions" role="group" aria-label="Keep working on this image">
      {IMAGE_ACTION_LIST.filter((action) => action.single && !(action.notSquare && square)).map((action) =>
        action.asksFactor ? (
          <span key={action.name} className="job-custom-zoom">
            <label htmlFor={factorId}>Zoom factor</label>
            <input
              id={factorId}
              type="number"
              min={LIMITS.zoom.min}
              max={LIMITS.zoom.max}
              step={0.1}
              value={factor}
              onChange={(event) => setFactor(event.target.value)}
            />
            <Button
              variant="secondary"
              disabled={busy || !factorOk}
              title={`${action.summary} · ${price(action.price)}`}
              onClick={() => onAct(action.name as ImageActionName, { factor: factorValue })}
            >
              {action.label}
            </Button>
          </span>
        ) : (
          <Button
            key={action.name}
            variant="secondary"
            disabled={busy}
            title={`${action.summary} · ${price(action.price)}`}
            onClick={() => onAct(action.name as ImageActionName, {})}
          >
            {action.label}
          </Button>
        ),
      )}
    </div>
  );
}
