export * from './types.ts';
export * from './routing.ts';
export * from './providers/a1111/index.ts';
export * from './providers/comfyui/index.ts';
export * from './storage/s3.ts';
