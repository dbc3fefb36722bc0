import { JOB_FAMILIES, type JobFamily, ProviderError } from './types.ts';

/**
 * `GENERATION_BACKENDS` says which provider serves each command family, e.g.
 * `image=a1111:http://a:7860|http://b:7860,video=comfyui:http://c:8188`. Families it does not list
 * use the offline `local` provider.
 */

export type ProviderName = 'local' | 'a1111' | 'comfyui';

export const PROVIDER_NAMES: readonly ProviderName[] = ['local', 'a1111', 'comfyui'];

/** The families a remote provider can serve; A1111 only makes and edits still images. */
const SERVES: Record<ProviderName, readonly JobFamily[]> = {
  local: JOB_FAMILIES,
  a1111: ['image'],
  comfyui: JOB_FAMILIES,
};

export interface Route {
  provider: ProviderName;
  /** Base URLs without a trailing slash; empty for `local`. */
  urls: string[];
  /** How many jobs each URL runs at once (`http://gpu:7860#2`); 1 unless given. */
  slots: Record<string, number>;
}

/** The most jobs one host may be given at once. */
export const MAX_HOST_SLOTS = 16;

export type RoutingTable = Record<JobFamily, Route>;

export type RoutingParseResult = { ok: true; table: RoutingTable } | { ok: false; errors: string[] };

const isFamily = (value: string): value is JobFamily => (JOB_FAMILIES as readonly string[]).includes(value);
const isProvider = (value: string): value is ProviderName =>
  (PROVIDER_NAMES as readonly string[]).includes(value);

function parseUrl(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.search || url.hash) return null;
    return url.href.replace(/\/+$/, '');
  } catch {
    return null;
  }
}

/** Parses the whole setting and reports every bad entry at once, so one start-up message lists them all. */
export function parseGenerationBackends(value: string | undefined): RoutingParseResult {
  const local = (): Route => ({ provider: 'local', urls: [], slots: {} });
  const table: RoutingTable = {
    image: local(),
    video: local(),
    audio: local(),
    lipsync: local(),
    lora: local(),
  };
  const errors: string[] = [];
  const seen = new Set<JobFamily>();

  for (const raw of (value ?? '').split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const bad = (why: string) => errors.push(`"${entry}": ${why}`);

    const eq = entry.indexOf('=');
    if (eq < 0) {
      bad('expected family=provider:url');
      continue;
    }
    const family = entry.slice(0, eq).trim();
    const target = entry.slice(eq + 1).trim();
    const colon = target.indexOf(':');
    const provider = (colon < 0 ? target : target.slice(0, colon)).trim();
    const urlList = colon < 0 ? '' : target.slice(colon + 1).trim();

    if (!isFamily(family)) {
      bad(`unknown family "${family}" (use one of ${JOB_FAMILIES.join(', ')})`);
      continue;
    }
    if (seen.has(family)) {
      bad(`family "${family}" is listed more than once`);
      continue;
    }
    seen.add(family);
    if (!isProvider(provider)) {
      bad(`unknown provider "${provider}" (use one of ${PROVIDER_NAMES.join(', ')})`);
      continue;
    }
    if (!SERVES[provider].includes(family)) {
      bad(`${provider} cannot serve the ${family} family (it serves ${SERVES[provider].join(', ')})`);
      continue;
    }
    if (provider === 'local') {
      if (urlList) bad('the local provider takes no URL');
      else table[family] = local();
      continue;
    }
    if (!urlList) {
      bad(`${provider} needs at least one http(s) URL`);
      continue;
    }
    const urls: string[] = [];
    const slots: Record<string, number> = {};
    for (const text of urlList.split('|')) {
      const [, address = '', count] = /^(.*?)(?:#(\d+))?$/.exec(text.trim()) ?? [];
      const url = parseUrl(address);
      const slotCount = count === undefined ? 1 : Number(count);
      if (!url) bad(`"${text.trim()}" is not an http(s) URL`);
      else if (slotCount < 1 || slotCount > MAX_HOST_SLOTS)
        bad(`"${text.trim()}": a host runs 1 to ${MAX_HOST_SLOTS} jobs at once`);
      else {
        urls.push(url);
        slots[url] = slotCount;
      }
    }
    if (urls.length === urlList.split('|').length)
      table[family] = { provider, urls: [...new Set(urls)], slots };
  }

  return errors.length ? { ok: false, errors } : { ok: true, table };
}

export interface HostPoolOptions {
  /** Asks one host whether it answers. */
  check: (url: string) => Promise<boolean>;
  /** How long a health answer is trusted, so busy workers do not ask before every job. */
  healthTtlMs?: number;
  /** Words for the error when no host answers ("image service"). */
  serviceLabel?: string;
  now?: () => number;
}

/** Spreads jobs over the hosts of one family in turn, skipping hosts whose health call fails. */
export class HostPool {
  readonly urls: readonly string[];
  private next = 0;
  private readonly health = new Map<string, { ok: boolean; at: number }>();
  private readonly ttl: number;
  private readonly now: () => number;

  constructor(
    urls: readonly string[],
    private readonly options: HostPoolOptions,
  ) {
    if (urls.length === 0) throw new Error('A host pool needs at least one URL');
    this.urls = urls.map((url) => url.replace(/\/+$/, ''));
    this.ttl = options.healthTtlMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  /** The next host that answers, in round-robin order. */
  async pick(): Promise<string> {
    // A single host is used as is: its own call fails with a retryable error if it is down.
    if (this.urls.length === 1) return this.urls[0]!;
    const start = this.next;
    this.next = (this.next + 1) % this.urls.length;
    for (let i = 0; i < this.urls.length; i++) {
      const url = this.urls[(start + i) % this.urls.length]!;
      if (await this.isHealthy(url)) return url;
    }
    const label = this.options.serviceLabel ?? 'generation service';
    throw new ProviderError(
      'BACKEND_UNREACHABLE',
      `The ${label} is busy or not reachable right now; try again in a moment.`,
      {
        retryable: true,
      },
    );
  }

  /** Whether any host answers. */
  async anyHealthy(): Promise<boolean> {
    for (const url of this.urls) if (await this.isHealthy(url)) return true;
    return false;
  }

  /** Marks a host down after a failed call, so picks skip it until its health is asked again. */
  markDown(url: string): void {
    this.health.set(url, { ok: false, at: this.now() });
  }

  private async isHealthy(url: string): Promise<boolean> {
    const cached = this.health.get(url);
    if (cached && this.now() - cached.at < this.ttl) return cached.ok;
    const ok = await this.options.check(url).catch(() => false);
    this.health.set(url, { ok, at: this.now() });
    return ok;
  }
}
