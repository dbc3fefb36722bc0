import type { JobWire } from '@app/domain';
import { Link } from 'react-router';
import { imageSrcSet, jobPrompt } from '@/components/jobs/index.ts';
import { paths } from '@/config/paths.ts';

const KIND_WORDS: Record<JobWire['kind'], string> = {
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  lipsync: 'Lip-sync',
  lora: 'LoRA',
};

/** One creation in a grid: its first image (thumbnail with `srcset`) or what kind it is, and its prompt. */
export function CreationTile({ job, eager = false }: { job: JobWire; eager?: boolean }) {
  const prompt = jobPrompt(job) || `/${job.command}`;
  const image = job.outputs.find((output) => output.mime.startsWith('image/'));
  return (
    <li className="creation-tile">
      <Link to={paths.creation.href(job.id)} className="creation-link">
        {image ? (
          <img
            src={image.thumbUrl ?? image.url}
            srcSet={imageSrcSet(image)}
            sizes="(max-width: 600px) 45vw, 240px"
            width={image.width}
            height={image.height}
            alt={prompt}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
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
    </li>
  );
}
