import path from 'node:path';
import {
  JOB_FAMILIES,
  type JobFamily,
  type MediaStorage,
  type Provider,
  type Route,
  type RoutingTable,
  createA1111Provider,
  createComfyUIProvider,
  createFolderStorage,
  createIsolatedLocalProvider,
  createS3Storage,
  withWorkerKinds,
} from '@app/generation';
import { DEFAULT_DEADLINES, type GenerationSettings } from './settings.ts';

function build(route: Route, timeoutMs: number, local: () => Provider): Provider {
  switch (route.provider) {
    case 'local':
      return local();
    case 'a1111':
      return withWorkerKinds(
        createA1111Provider({ urls: route.urls, generationTimeoutMs: timeoutMs }),
        'a1111',
        local,
      );
    case 'comfyui':
      return withWorkerKinds(
        createComfyUIProvider({ urls: route.urls, jobTimeoutMs: timeoutMs }),
        'comfyui',
        local,
      );
  }
}

/**
 * The provider serving each family, from GENERATION_BACKENDS (`local` where a family is not named).
 * A provider's own call timeout is the longest deadline of the families it serves; the worker
 * enforces each family's deadline itself.
 */
export function providersFor(
  table: RoutingTable,
  deadlines: Record<JobFamily, number> = DEFAULT_DEADLINES,
): Record<JobFamily, Provider> {
  const built = new Map<string, Provider>();
  const key = (route: Route) => `${route.provider}:${route.urls.join('|')}`;
  const longest = new Map<string, number>();
  for (const family of JOB_FAMILIES) {
    const k = key(table[family]);
    longest.set(k, Math.max(longest.get(k) ?? 0, deadlines[family]));
  }
  // Each attempt in a child process, so its deadline can end it wherever it is stuck; one for all
  // the families it serves, made only when one needs it.
  let local: Provider | undefined;
  const localProvider = () => (local ??= createIsolatedLocalProvider());
  return Object.fromEntries(
    JOB_FAMILIES.map((family) => {
      const route = table[family];
      const provider = built.get(key(route)) ?? build(route, longest.get(key(route))! * 1000, localProvider);
      built.set(key(route), provider);
      return [family, provider];
    }),
  ) as Record<JobFamily, Provider>;
}

/** The S3-compatible bucket when S3_BUCKET is set, else the folder DATA_DIR/media. */
export function mediaStorageFor(settings: GenerationSettings, dataDir: string): MediaStorage {
  if (settings.s3) return createS3Storage(settings.s3);
  return createFolderStorage({ baseDir: path.join(path.resolve(dataDir), 'media') });
}
