import { fileURLToPath } from 'node:url';
import { createChildProvider } from '../../isolation/child-provider.ts';
import { JOB_FAMILIES, type Provider } from '../../types.ts';

/** The compiled child entry's file name beside a compiled server (see scripts/build-server.mjs). */
export const LOCAL_CHILD_FILE = 'local-child.js';

/**
 * The local provider with each attempt in a child process: its CPU work (sharp, ffmpeg, the speech
 * synthesizer) can be ended at the family's deadline like a remote host's request is aborted.
 */
export function createIsolatedLocalProvider(): Provider & { close(): void } {
  return createChildProvider({
    name: 'local',
    families: JOB_FAMILIES,
    entry: {
      source: fileURLToPath(new URL('./local-child.ts', import.meta.url)),
      compiled: LOCAL_CHILD_FILE,
    },
  });
}
