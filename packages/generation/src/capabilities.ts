import { COMMANDS, IMAGE_ACTIONS, type WorkKind } from '@app/domain';
import { A1111_KINDS } from './providers/a1111/kinds.ts';
import { KIND_WORKFLOWS } from './providers/comfyui/values.ts';
import { LOCAL_KINDS } from './providers/local/index.ts';
import type { ProviderName, RoutingTable } from './routing.ts';
import type { JobFamily, GenerationRequest, Provider } from './types.ts';

/**
 * Which kinds of work each provider does, and the start-up check that every command of a family
 * can run on the provider that serves the family. A kind a backend lacks runs on the worker itself
 * (the `local` provider) only where that needs nothing but the job's own inputs and is as good as
 * the backend would be for the purpose; otherwise the process refuses to start and says which
 * command, kind and backend.
 */

const kindsOf = (map: object) => Object.keys(map) as WorkKind[];

/** The kinds each provider runs itself. */
export const PROVIDER_KINDS: Record<ProviderName, readonly WorkKind[]> = {
  local: kindsOf(LOCAL_KINDS),
  a1111: kindsOf(A1111_KINDS),
  comfyui: kindsOf(KIND_WORKFLOWS),
};

/**
 * Kinds a backend may lack that the worker answers with the `local` provider: `/describe`'s
 * caption is measured from the upload (shape, colours, light), which ComfyUI has no core node for.
 */
export const WORKER_KINDS: readonly WorkKind[] = ['interrogate'];

/** One kind of work a command of a family needs. */
export interface KindNeed {
  /** The command or result action, without its slash (`describe`, `gif`). */
  command: string;
  family: JobFamily;
  kind: WorkKind;
}

/** What every job command and result action of the registry needs. */
export function kindNeeds(): KindNeed[] {
  const needs: KindNeed[] = [];
  for (const command of COMMANDS) {
    if (command.general) continue;
    needs.push({ command: command.name, family: command.family, kind: command.work.kind });
  }
  for (const [name, action] of Object.entries(IMAGE_ACTIONS)) {
    needs.push({ command: name, family: action.family, kind: action.work.kind });
  }
  return needs;
}

/** Where a provider's job of this kind runs: on the backend, on the worker, or nowhere. */
export function kindService(
  provider: ProviderName,
  kind: WorkKind,
  kinds: Record<ProviderName, readonly WorkKind[]> = PROVIDER_KINDS,
): 'backend' | 'worker' | null {
  if (kinds[provider].includes(kind)) return 'backend';
  return WORKER_KINDS.includes(kind) && kinds.local.includes(kind) ? 'worker' : null;
}

/**
 * One line per command that could not run with these backends, naming the command, the kind of
 * work and the backend: empty when every command can run.
 */
export function capabilityErrors(
  table: RoutingTable,
  needs: readonly KindNeed[] = kindNeeds(),
  kinds: Record<ProviderName, readonly WorkKind[]> = PROVIDER_KINDS,
): string[] {
  const errors: string[] = [];
  for (const need of needs) {
    const provider = table[need.family].provider;
    if (kindService(provider, need.kind, kinds)) continue;
    const able = (Object.keys(kinds) as ProviderName[]).filter((name) => kindService(name, need.kind, kinds));
    errors.push(
      `/${need.command} needs "${need.kind}" work, which the ${provider} backend of the ${need.family} family cannot do` +
        (able.length ? ` (${able.join(' or ')} can serve the ${need.family} family)` : ''),
    );
  }
  return errors;
}

/**
 * The backend's provider, with the kinds it lacks that the worker makes itself handed to `local`
 * (which works on the job's inputs only, so the host's slot is not asked for anything).
 */
export function withWorkerKinds(backend: Provider, provider: ProviderName, local: () => Provider): Provider {
  const onWorker = new Set(WORKER_KINDS.filter((kind) => kindService(provider, kind) === 'worker'));
  if (onWorker.size === 0) return backend;
  const runsHere = (request: GenerationRequest) => onWorker.has(request.work.kind);
  return {
    name: backend.name,
    families: backend.families,
    run: (request, context) =>
      runsHere(request)
        ? local().run(request, { ...context, host: undefined })
        : backend.run(request, context),
    ...(backend.cancel ? { cancel: backend.cancel.bind(backend) } : {}),
    ...(backend.health ? { health: backend.health.bind(backend) } : {}),
  };
}
