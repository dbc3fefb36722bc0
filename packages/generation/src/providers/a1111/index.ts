export { createA1111Provider, type A1111Options } from './provider.ts';
