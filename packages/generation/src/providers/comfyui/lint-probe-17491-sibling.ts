export { createA1111Provider } from '../a1111/index.ts';
