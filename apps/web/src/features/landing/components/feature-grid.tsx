import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';

const FEATURES = [
  {
    title: 'Images',
    command: '/make',
    text: 'A 2×2 grid from one prompt, with weighting and aspect flags.',
    to: paths.makeGuide,
  },
  {
    title: 'Video',
    command: '/video',
    text: '3-second clips, varied batches and 12-second movies with music.',
    to: paths.videoGuide,
  },
  {
    title: 'Audio',
    command: '/speak',
    text: 'Speech in 19 voices, music from a style, and sound effects.',
    to: paths.audioGuide,
  },
  {
    title: 'Lip-sync',
    command: '/lipsync',
    text: 'Bring a portrait to life with an audio file of your own.',
    to: paths.lipSyncGuide,
  },
  {
    title: 'LoRA models',
    command: '/loracreate',
    text: 'Train a custom model on 8 images in about 15 minutes.',
    to: paths.loraGuide,
  },
] as const;

export function FeatureGrid() {
  return (
    <ul className="feature-grid">
      {FEATURES.map((feature) => (
        <li key={feature.title} className="card feature">
          <h3>{feature.title}</h3>
          <p className="command">{feature.command}</p>
          <p>{feature.text}</p>
          <Link to={feature.to.href()}>
            Read the guide <span className="visually-hidden">on {feature.title.toLowerCase()}</span> →
          </Link>
        </li>
      ))}
    </ul>
  );
}
