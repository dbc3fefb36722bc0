import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  type JobFamily,
  type GenerationRequest,
  type GenerationResult,
  type Provider,
  type ProviderContext,
  ProviderError,
} from '../types.ts';

/**
 * A provider whose work runs in child processes, one attempt per process at a time, so a job
 * stuck where no signal reaches (native code, a wedged ffmpeg) can still be ended: on the
 * attempt's abort (its deadline, a cancel, the worker stopping) the child's whole process group
 * is killed and the attempt rejects at once. Finished children are kept warm for the next attempt.
 */

/** Messages from the parent. */
export type ToChild = { type: 'run'; request: GenerationRequest };
/** Messages from the child. */
export type FromChild =
  | { type: 'progress'; fraction: number }
  | { type: 'done'; result: GenerationResult }
  | { type: 'failed'; error: { code: string; message: string; retryable: boolean } | null; detail: string };

export interface ChildEntry {
  /** The TypeScript source of the child's entry (run through tsx when no compiled copy exists). */
  source: string;
  /** The compiled copy's file name, looked for beside the running server's compiled entry. */
  compiled?: string;
}

export interface ChildProviderOptions {
  name: string;
  families: readonly JobFamily[];
  entry: ChildEntry;
  /** Warm children kept for the next attempts. */
  keepWarm?: number;
}

/** Node's structured clone turns Buffers into plain Uint8Arrays; give them their Buffer back. */
function buffers<T>(value: T): T {
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength) as T;
  if (Array.isArray(value)) return value.map(buffers) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, buffers(inner)])) as T;
  }
  return value;
}

function launch(entry: ChildEntry): ChildProcess {
  const main = process.argv[1] ?? '';
  const compiled =
    entry.compiled && main.endsWith('.js') ? path.join(path.dirname(main), entry.compiled) : null;
  const useCompiled = compiled !== null && existsSync(compiled);
  const tsx = createRequire(entry.source).resolve('tsx');
  const child = fork(useCompiled ? compiled : entry.source, [], {
    execArgv: useCompiled ? [] : ['--import', tsx],
    serialization: 'advanced',
    // Its own process group: ending the attempt ends whatever the child started too.
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('error', () => {});
  return child;
}

function kill(child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

export function createChildProvider(options: ChildProviderOptions): Provider & { close(): void } {
  const warm: ChildProcess[] = [];
  const keepWarm = options.keepWarm ?? 2;
  const alive = (child: ChildProcess) =>
    child.connected && child.exitCode === null && child.signalCode === null;
  const idle = (child: ChildProcess) => {
    // A warm child must not keep the process alive on its own.
    child.unref();
    (child.channel as { unref?: () => void } | undefined)?.unref?.();
  };

  function take(): ChildProcess {
    let child = warm.pop();
    while (child && !alive(child)) child = warm.pop();
    child ??= launch(options.entry);
    child.ref();
    (child.channel as { ref?: () => void } | undefined)?.ref?.();
    return child;
  }

  function giveBack(child: ChildProcess): void {
    if (!alive(child) || warm.length >= keepWarm) {
      kill(child);
      return;
    }
    idle(child);
    warm.push(child);
  }

  return {
    name: options.name,
    families: options.families,
    run(request: GenerationRequest, context: ProviderContext): Promise<GenerationResult> {
      if (context.signal.aborted) return Promise.reject(context.signal.reason as Error);
      const child = take();
      return new Promise<GenerationResult>((resolve, reject) => {
        const finish = (settle: () => void, reuse: boolean) => {
          child.off('message', onMessage);
          child.off('exit', onExit);
          context.signal.removeEventListener('abort', onAbort);
          if (reuse) giveBack(child);
          else kill(child);
          settle();
        };
        const onMessage = (message: FromChild) => {
          if (message.type === 'progress') context.onProgress(message.fraction);
          else if (message.type === 'done') finish(() => resolve(buffers(message.result)), true);
          else {
            const error = message.error
              ? new ProviderError(message.error.code, message.error.message, {
                  retryable: message.error.retryable,
                  cause: new Error(message.detail),
                })
              : new Error(message.detail);
            finish(() => reject(error), true);
          }
        };
        const onExit = () =>
          finish(
            () =>
              reject(
                new ProviderError('LOCAL_CRASHED', 'Something went wrong while making your media.', {
                  retryable: true,
                }),
              ),
            false,
          );
        const onAbort = () => finish(() => reject(context.signal.reason as Error), false);
        child.on('message', onMessage);
        child.once('exit', onExit);
        context.signal.addEventListener('abort', onAbort, { once: true });
        child.send({ type: 'run', request } satisfies ToChild);
      });
    },
    async health() {
      return true;
    },
    close() {
      for (const child of warm.splice(0)) kill(child);
    },
  };
}

/** The child's side: runs each request through `provider` and answers the parent. */
export function serveInChild(provider: Provider): void {
  const send = (message: FromChild) => process.send?.(message);
  // The parent is gone (or gave up on this child): nothing is left to do here.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message: ToChild) => {
    if (message.type !== 'run') return;
    const controller = new AbortController();
    provider
      .run(buffers(message.request), {
        signal: controller.signal,
        onProgress: (fraction) => send({ type: 'progress', fraction }),
        saveExternalId: async () => {},
      })
      .then(
        (result) => send({ type: 'done', result }),
        (error: unknown) =>
          send({
            type: 'failed',
            error:
              error instanceof ProviderError
                ? { code: error.code, message: error.message, retryable: error.retryable }
                : null,
            detail: error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error),
          }),
      );
  });
}
