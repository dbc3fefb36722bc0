import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';
import { lazyPage } from '@/lib/lazy-page.tsx';

const DocumentationPage = lazyPage(() => import('./documentation.tsx'), 'DocumentationPage');
const MakeGuidePage = lazyPage(() => import('./make-guide.tsx'), 'MakeGuidePage');
const VideoGuidePage = lazyPage(() => import('./video-guide.tsx'), 'VideoGuidePage');
const AudioGuidePage = lazyPage(() => import('./audio-guide.tsx'), 'AudioGuidePage');
const LipSyncGuidePage = lazyPage(() => import('./lipsync-guide.tsx'), 'LipSyncGuidePage');
const LoraGuidePage = lazyPage(() => import('./lora-guide.tsx'), 'LoraGuidePage');

/** The documentation hub and command guides: static pages that need no store. */
export const guideRoutes: RouteObject[] = [
  {
    path: paths.documentation.path,
    element: <DocumentationPage />,
  },
  {
    path: paths.makeGuide.path,
    element: <MakeGuidePage />,
  },
  {
    path: paths.videoGuide.path,
    element: <VideoGuidePage />,
  },
  {
    path: paths.audioGuide.path,
    element: <AudioGuidePage />,
  },
  {
    path: paths.lipSyncGuide.path,
    element: <LipSyncGuidePage />,
  },
  {
    path: paths.loraGuide.path,
    element: <LoraGuidePage />,
  },
];
