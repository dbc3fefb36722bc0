import path from 'node:path';
import {
  FAMILIES,
  type Family,
  type MediaStorage,
  type Provider,
  type Route,
  type RoutingTable,
  createA1111Provider,
  createComfyUIProvider,
  createFolderStorage,
  createLocalProvider,
  createS3Storage,
} from '@app/generation';
import type { GenerationSettings } from './settings.ts';

function build(route: Route, timeoutMs: number): Provider {
  switch (route.provider) {
    case 'local':
      return createLocalProvider();
    case 'a1111':
      return createA1111Provider({ urls: route.urls, generationTimeoutMs: timeoutMs });
    case 'comfyui':
      return createComfyUIProvider({ urls: route.urls, jobTimeoutMs: timeoutMs });
  }
}

/** The provider serving each family, from GENERATION_BACKENDS (`local` where a family is not named). */
export function providersFor(table: RoutingTable, timeoutSeconds = 900): Record<Family, Provider> {
  const built = new Map<string, Provider>();
  return Object.fromEntries(
    FAMILIES.map((family) => {
      const route = table[family];
      const key = `${route.provider}:${route.urls.join('|')}`;
      const provider = built.get(key) ?? build(route, timeoutSeconds * 1000);
      built.set(key, provider);
      return [family, provider];
    }),
  ) as Record<Family, Provider>;
}

/** The S3-compatible bucket when S3_BUCKET is set, else the folder DATA_DIR/media. */
export function mediaStorageFor(settings: GenerationSettings, dataDir: string): MediaStorage {
  if (settings.s3) return createS3Storage(settings.s3);
  return createFolderStorage({ baseDir: path.join(path.resolve(dataDir), 'media') });
}
