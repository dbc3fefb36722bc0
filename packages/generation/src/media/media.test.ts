import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { composeGrid } from './grid.ts';
import { parseMediaInfo, probeImage, probeMedia } from './probe.ts';
import { webpThumbnail } from './thumbnail.ts';

const png = (width: number, height: number, background = '#336699') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe('media tools', () => {
  it('probes image size and format', async () => {
    expect(await probeImage(await png(300, 120))).toMatchObject({
      width: 300,
      height: 120,
      format: 'png',
      pages: 1,
    });
    await expect(probeImage(Buffer.from('nope'))).rejects.toMatchObject({ code: 'BAD_IMAGE' });
  });

  it('makes small WebP thumbnails that keep the shape and never enlarge', async () => {
    const thumb = await webpThumbnail(await png(1200, 600));
    expect(await probeImage(thumb)).toMatchObject({ format: 'webp', width: 256, height: 128 });
    expect(await probeImage(await webpThumbnail(await png(100, 50)))).toMatchObject({
      width: 100,
      height: 50,
    });
  });

  it('composes four images into a 2×2 grid', async () => {
    const cells = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff', '#ffffff'].map((colour) => png(40, 30, colour)),
    );
    const grid = await composeGrid(cells);
    expect(await probeImage(grid)).toMatchObject({ width: 80, height: 60 });
    const { data, info } = await sharp(grid).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * 80 + x) * info.channels, (y * 80 + x) * info.channels + 3),
    ];
    expect([at(10, 10), at(50, 10), at(10, 40), at(50, 40)]).toEqual([
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
      [255, 255, 255],
    ]);
  });

  it('reads duration and streams from ffmpeg output, and refuses files it cannot decode', async () => {
    const text = `Input #0, mov,mp4, from 'x':\n  Duration: 00:01:02.50, start: 0.000000, bitrate: 5 kb/s\n    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 640x360, 1 kb/s, 24 fps\n    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, mono, fltp`;
    expect(parseMediaInfo(text)).toEqual({
      durationMs: 62_500,
      video: { codec: 'h264', width: 640, height: 360 },
      audio: { codec: 'aac', sampleRate: 44_100 },
    });
    expect(parseMediaInfo('garbage')).toBeNull();
    await expect(probeMedia(Buffer.from('definitely not media'))).rejects.toMatchObject({
      code: 'BAD_MEDIA',
    });
  });
});
