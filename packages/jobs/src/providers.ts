import { FAMILIES, type Family, type Provider, createLocalProvider } from '@app/generation';
import type { Backend } from './settings.ts';

/** How each provider name of GENERATION_BACKENDS is built. */
const FACTORIES: Record<string, (backend: Backend) => Provider> = {
  local: () => createLocalProvider(),
};

/** The provider serving each family, from GENERATION_BACKENDS (`local` where a family is not named). */
export function providersFor(backends: Record<Family, Backend>): Record<Family, Provider> {
  const built = new Map<string, Provider>();
  return Object.fromEntries(
    FAMILIES.map((family) => {
      const backend = backends[family];
      const key = `${backend.provider}:${backend.url ?? ''}`;
      let provider = built.get(key);
      if (!provider) {
        const factory = FACTORIES[backend.provider];
        if (!factory) {
          throw new Error(
            `GENERATION_BACKENDS names the provider ${backend.provider} for ${family}; known: ${Object.keys(FACTORIES).join(', ')}`,
          );
        }
        provider = factory(backend);
        built.set(key, provider);
      }
      return [family, provider];
    }),
  ) as Record<Family, Provider>;
}
