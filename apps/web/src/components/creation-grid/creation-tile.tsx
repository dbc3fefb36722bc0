import type { JobOutputWire, JobWire } from '@app/domain';
import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router';
// Not the job card's index: the tiles (the landing page's strip) need neither the card nor its media.
import { imageSrcSet } from '@/components/job-card/image-src-set.ts';
import { jobPrompt } from '@/components/job-card/job-summary.ts';
import { paths } from '@/config/paths.ts';
import type { ReportBody } from '@app/domain';

// The report form and its schema load after the tiles, not with them.
const ReportButton = lazy(() =>
  import('@/components/report-button/index.ts').then((module) => ({ default: module.ReportButton })),
);

const KIND_WORDS: Record<JobWire['kind'], string> = {
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  lipsync: 'Lip-sync',
  lora: 'LoRA',
};

/** What a tile shows: a picture (an image, a video's poster frame, a sound's waveform), a caption, or the kind. */
type TileFace =
  | { type: 'image'; output: JobOutputWire }
  | { type: 'poster' | 'waveform'; src: string }
  | { type: 'text'; text: string }
  | { type: 'kind' };

function tileFace(job: JobWire): TileFace {
  const image = job.outputs.find((output) => output.mime.startsWith('image/'));
  if (image) return { type: 'image', output: image };
  const video = job.outputs.find((output) => output.mime.startsWith('video/') && output.thumbUrl);
  if (video?.thumbUrl) return { type: 'poster', src: video.thumbUrl };
  const audio = job.outputs.find((output) => output.mime.startsWith('audio/') && output.thumbUrl);
  if (audio?.thumbUrl) return { type: 'waveform', src: audio.thumbUrl };
  if (job.text) return { type: 'text', text: job.text };
  return { type: 'kind' };
}

/** One creation in a grid: its picture (or, for /describe, its caption on a card), and its prompt. */
export function CreationTile({
  job,
  eager = false,
  onReport,
}: {
  job: JobWire;
  eager?: boolean;
  /** Shows a Report button on others' creations. */
  onReport?: (id: string, body: ReportBody) => Promise<void>;
}) {
  const prompt = jobPrompt(job) || `/${job.command}`;
  const face = tileFace(job);
  const loading = eager ? 'eager' : 'lazy';
  // A mature creation the viewer chose to see blurred: the first click shows it, the next opens it.
  const [revealed, setRevealed] = useState(false);
  const blurred = Boolean(job.blur) && !revealed;
  return (
    <li className={blurred ? 'creation-tile creation-tile-blurred' : 'creation-tile'}>
      {blurred && (
        <button type="button" className="creation-reveal" onClick={() => setRevealed(true)}>
          Mature: show it
        </button>
      )}
      <Link
        to={paths.creation.href(job.id)}
        className="creation-link"
        aria-hidden={blurred || undefined}
        tabIndex={blurred ? -1 : undefined}
      >
        {face.type === 'image' ? (
          <img
            src={face.output.thumbUrl ?? face.output.url}
            srcSet={imageSrcSet(face.output)}
            sizes="(max-width: 600px) 45vw, 240px"
            width={face.output.width}
            height={face.output.height}
            alt={prompt}
            loading={loading}
            decoding="async"
          />
        ) : face.type === 'poster' || face.type === 'waveform' ? (
          <span className={`creation-picture creation-${face.type}`}>
            <img
              src={face.src}
              alt={face.type === 'poster' ? `Frame of ${prompt}` : `Waveform of ${prompt}`}
              loading={loading}
              decoding="async"
            />
            <span className="creation-badge" aria-hidden="true">
              {face.type === 'poster' ? '▶' : '♪'} {KIND_WORDS[job.kind]}
            </span>
          </span>
        ) : face.type === 'text' ? (
          <span className="creation-text">
            <span className="creation-text-label">Caption</span>
            <span className="creation-text-body">{face.text}</span>
          </span>
        ) : (
          <span className="creation-kind" aria-hidden="true">
            {KIND_WORDS[job.kind]}
          </span>
        )}
        <span className="creation-caption">
          <span className="visually-hidden">{KIND_WORDS[job.kind]}: </span>
          {prompt}
        </span>
      </Link>
      <span className="creation-loves" aria-label={`${job.loves} loves`}>
        ♥ {job.loves}
      </span>
      {onReport && !job.mine && (
        <Suspense fallback={null}>
          <ReportButton compact onReport={(body) => onReport(job.id, body)} />
        </Suspense>
      )}
    </li>
  );
}
