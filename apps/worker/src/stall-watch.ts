/**
 * Watches whether the worker can still reach its database. Every connection it holds reopens
 * itself after a blip, but a database gone for longer (a failover to a new address, a network
 * partition) leaves a worker that takes no job: past `stallMs` without one answer it calls
 * `onStall` once, and the process exits non-zero for its supervisor (systemd, Docker's
 * `restart:`, Kubernetes) to start it afresh.
 */
export function watchDatabase(options: {
  ping: () => Promise<boolean>;
  stallMs: number;
  intervalMs?: number;
  onStall: (silentMs: number) => void;
}): { stop(): void } {
  const intervalMs = options.intervalMs ?? 5_000;
  let lastAnswer = Date.now();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const check = async () => {
    const ok = await options.ping().catch(() => false);
    if (stopped) return;
    if (ok) lastAnswer = Date.now();
    else if (Date.now() - lastAnswer >= options.stallMs) {
      stopped = true;
      options.onStall(Date.now() - lastAnswer);
      return;
    }
    timer = setTimeout(() => void check(), intervalMs);
    timer.unref();
  };
  timer = setTimeout(() => void check(), intervalMs);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
