export { buildApp } from '../../../apps/api/src/app.ts';
