/**
 * The 4xx status of an error that refuses a request, read as Fastify reads an error's status
 * (`statusCode`, else `status`, each only within 400–599); null for a 5xx or an error without one.
 * The emulators use it for refusals raised outside their own code: Fastify's (an unreadable
 * body) or a host server's hook (its input check) when they are mounted in one.
 */
export function refusalStatus(err: unknown): number | null {
  if (typeof err !== 'object' || err === null) return null;
  const { statusCode, status } = err as { statusCode?: unknown; status?: unknown };
  const found = inRange(statusCode) ? statusCode : inRange(status) ? status : null;
  return found !== null && found < 500 ? found : null;
}

const inRange = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599;
