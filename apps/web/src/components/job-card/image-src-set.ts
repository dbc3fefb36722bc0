import type { JobOutputWire } from '@app/domain';

/** `srcset` with the thumbnail and the full image, so small tiles never fetch the full size. */
export function imageSrcSet(output: JobOutputWire): string | undefined {
  if (!output.thumbUrl || !output.width) return undefined;
  const thumbWidth = Math.min(output.width, 512);
  return `${output.thumbUrl} ${thumbWidth}w, ${output.url} ${output.width}w`;
}
