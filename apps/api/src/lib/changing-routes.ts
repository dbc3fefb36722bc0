import type { FastifyInstance, onSendHookHandler } from 'fastify';

const READ_METHODS = new Set(['GET', 'HEAD']);

const asList = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Adds an onSend hook to every route registered after it that answers a method other than GET
 * and HEAD: the routes that can change something. A hook on every route would run on every read
 * too, for nothing; the hook still checks the request's method, since a route may take several.
 */
export function onChangingRoutes(app: FastifyInstance, hook: onSendHookHandler): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => READ_METHODS.has(method))) return;
    route.onSend = [...asList(route.onSend), hook];
  });
}
