import type { GenerationRequest, ProviderContext } from '../src/types.ts';

export function makeRequest(overrides: Partial<GenerationRequest> = {}): GenerationRequest {
  return {
    jobId: 'job-1',
    command: 'make',
    family: 'image',
    prompt: 'a lighthouse on a cliff, (stormy sky:1.3)',
    width: 512,
    height: 512,
    seed: 1234,
    inputs: {},
    options: {},
    ...overrides,
  };
}

export interface RecordingContext extends ProviderContext {
  progress: number[];
  saved: string[];
  controller: AbortController;
}

export function makeContext(overrides: Partial<ProviderContext> = {}): RecordingContext {
  const controller = new AbortController();
  const progress: number[] = [];
  const saved: string[] = [];
  return {
    signal: controller.signal,
    onProgress: (fraction) => progress.push(fraction),
    saveExternalId: async (id) => {
      saved.push(id);
    },
    ...overrides,
    progress,
    saved,
    controller,
  };
}
