// Imported first by every server process (the API, the worker): keeps `process.nextTick` on V8's
// fast path for the life of the process.
//
// Node builds each queued tick as an object literal with computed keys, so V8 gives it its shape
// one property at a time, through a chain of intermediate shapes that no live object keeps once the
// tick has run. In some processes, V8 ends up treating the property definitions inside `nextTick`
// as megamorphic for good (seen in V8's feedback for the function), and every tick then takes V8's
// generic path: about 1 µs a tick, some 10 µs per HTTP request, 25 times the usual cost. Which
// processes depends on the start-up's timing: started from sources (through the TypeScript loader,
// as the benches and `npm run dev` start them), about half the API's processes and one bare Fastify
// process in six had it, for their whole life. The built server did not show it in the runs we made.
//
// One tick object held from the start keeps that chain of shapes alive (each shape holds its
// parent), so every tick follows the same shapes: no process started with it showed the slow state.
import { createHook } from 'node:async_hooks';

const held: object[] = [];

/** Holds one of Node's tick objects for the life of the process; once is enough, later calls do nothing. */
export function keepTickShapes(): void {
  if (held.length > 0) return;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject' && held.length === 0) held.push(resource);
    },
  });
  hook.enable();
  try {
    process.nextTick(() => {});
  } finally {
    hook.disable();
  }
}

/** The tick object held, if any (for the tests). */
export const heldTick = (): object | undefined => held[0];

keepTickShapes();
