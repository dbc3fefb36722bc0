import type { B } from './lint-probe-17491-cycle-b.ts';
export type A = { b?: B };
