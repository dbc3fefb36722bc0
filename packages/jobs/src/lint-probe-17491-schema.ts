export * from '../../db/src/schema/index.ts';
