export * from './settings.ts';
export * from './queue.ts';
export * from './settle.ts';
export * from './zip.ts';
export * from './worker/start-worker.ts';
export * from './worker/run-job.ts';
export { promptOf } from './worker/build-request.ts';
export * from './event-hub.ts';
export * from './providers.ts';
