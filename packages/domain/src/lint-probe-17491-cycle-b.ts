import type { A } from './lint-probe-17491-cycle-a.ts';
export type B = { a?: A };
