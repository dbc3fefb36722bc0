/**
 * Starts a background service from a hook that may still be running when the server begins to
 * close (Fastify resolves listen() before its onListen hooks finish). A service whose start ends
 * after closing began is stopped at once instead of being left running with nobody to stop it.
 */
export async function startUnlessClosing<
  T extends { stop(options?: { deadlineMs?: number }): Promise<void> },
>(closing: () => boolean, start: () => Promise<T>): Promise<T | undefined> {
  if (closing()) return undefined;
  const service = await start();
  if (!closing()) return service;
  await service.stop({ deadlineMs: 0 });
  return undefined;
}
