/** Test data shared by the unit, API and browser tests of every workspace; never shipped. */
export * from './xss-corpus.ts';
export * from './upscale-command.ts';
export * from './payment-kind-fixture.ts';
