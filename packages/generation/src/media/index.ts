export * from './ffmpeg.ts';
export * from './decode.ts';
export * from './probe.ts';
export * from './thumbnail.ts';
export * from './grid.ts';
