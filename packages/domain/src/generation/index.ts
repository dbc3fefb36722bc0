export * from './families.ts';
export * from './pricing.ts';
export * from './prompt-flags.ts';
export * from './welcome.ts';
