import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';

/** The documentation hub and command guides: static pages that need no store. */
export const guideRoutes: RouteObject[] = [
  {
    path: paths.documentation.path,
    lazy: async () => ({ Component: (await import('./documentation.tsx')).DocumentationPage }),
  },
  {
    path: paths.makeGuide.path,
    lazy: async () => ({ Component: (await import('./make-guide.tsx')).MakeGuidePage }),
  },
  {
    path: paths.videoGuide.path,
    lazy: async () => ({ Component: (await import('./video-guide.tsx')).VideoGuidePage }),
  },
  {
    path: paths.audioGuide.path,
    lazy: async () => ({ Component: (await import('./audio-guide.tsx')).AudioGuidePage }),
  },
  {
    path: paths.lipSyncGuide.path,
    lazy: async () => ({ Component: (await import('./lipsync-guide.tsx')).LipSyncGuidePage }),
  },
  {
    path: paths.loraGuide.path,
    lazy: async () => ({ Component: (await import('./lora-guide.tsx')).LoraGuidePage }),
  },
];
