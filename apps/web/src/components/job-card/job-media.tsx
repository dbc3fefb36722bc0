import { type JobWire, LIMITS } from '@app/domain';
import { useState } from 'react';
import { Dialog } from '@/components/ui/index.ts';
import { imageSrcSet } from './image-src-set.ts';

type Output = JobWire['outputs'][number];

const isImage = (output: Output) => output.mime.startsWith('image/');
const GRID_SIZE = LIMITS.imageGrid.columns * LIMITS.imageGrid.rows;

/**
 * Grid commands answer their four images and then the 2×2 composite of them (what the chat message
 * shows): the studio shows the four, and offers the composite as a download.
 */
export function splitGrid(outputs: Output[]): { images: Output[]; grid?: Output } {
  const images = outputs.filter(isImage);
  if (images.length === GRID_SIZE + 1) return { images: images.slice(0, GRID_SIZE), grid: images[GRID_SIZE] };
  return { images };
}

/** A job's results: an image grid with a full-size view, or video and audio players. */
export function JobMedia({ job, describe }: { job: JobWire; describe: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const { images, grid } = splitGrid(job.outputs);
  const others = job.outputs.filter((output) => !isImage(output));
  const shown = open === null ? undefined : images[open];
  return (
    <div className="job-media">
      {images.length > 0 && (
        <ul className={images.length > 1 ? 'job-grid' : 'job-single'} aria-label="Images">
          {images.map((output, index) => (
            <li key={output.url}>
              <button
                type="button"
                className="job-thumb"
                aria-label={`Show image ${index + 1} of ${images.length} at full size`}
                onClick={() => setOpen(index)}
              >
                <img
                  src={output.thumbUrl ?? output.url}
                  srcSet={imageSrcSet(output)}
                  sizes="(max-width: 600px) 45vw, 256px"
                  width={output.width}
                  height={output.height}
                  alt={`${describe} (image ${index + 1})`}
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {others.map((output) =>
        output.mime.startsWith('video/') ? (
          <video
            key={output.url}
            controls
            preload="metadata"
            src={output.url}
            aria-label={`Video: ${describe}`}
          />
        ) : output.mime.startsWith('audio/') ? (
          <audio
            key={output.url}
            controls
            preload="metadata"
            src={output.url}
            aria-label={`Audio: ${describe}`}
          />
        ) : (
          <a key={output.url} href={output.url} download>
            Download the result ({output.mime})
          </a>
        ),
      )}
      {grid && (
        <a href={grid.url} download>
          Download the 2×2 grid
        </a>
      )}
      {job.text && <p className="job-text">{job.text}</p>}
      <Dialog
        open={shown !== undefined}
        title={`Image ${(open ?? 0) + 1} of ${images.length}`}
        onClose={() => setOpen(null)}
      >
        {shown && (
          <div className="job-full">
            <img src={shown.url} width={shown.width} height={shown.height} alt={describe} />
            <a href={shown.url} download>
              Download this image
            </a>
          </div>
        )}
      </Dialog>
    </div>
  );
}
