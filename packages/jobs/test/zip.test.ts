import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ZIP_LIMITS, ZipRefused, inspectZip, unpackZipImages } from '../src/zip.ts';
import { makeZip } from '../src/testing/make-zip.ts';

const image = (seed: number) =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: { r: seed * 20, g: 90, b: 40 } } })
    .png()
    .toBuffer();

async function validSet(count = 8) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => ({ name: `img${i}.png`, bytes: await image(i) })),
  );
}

/** Eight entries of 10 MiB of zeros, each declared in the directory as 1,000 bytes. */
const lyingZip = () =>
  makeZip(
    Array.from({ length: 8 }, (_, i) => ({
      name: `${i}.png`,
      bytes: Buffer.alloc(10 * 1024 * 1024),
      declaredSize: 1000,
    })),
  );

describe('training ZIPs are judged by the bytes they unpack to', () => {
  it('refuses entries that unpack to more than their directory declares, at inspection and at unpacking', async () => {
    const zip = lyingZip();
    await expect(inspectZip(zip)).rejects.toThrow(ZipRefused);
    await expect(inspectZip(zip)).rejects.toThrow(/0\.png unpacks to more than the ZIP declares/);
    await expect(unpackZipImages(zip)).rejects.toThrow(/unpacks to more than the ZIP declares/);
  });

  it('refuses entries that unpack to less than declared, or whose bytes are corrupted', async () => {
    const set = await validSet();
    const short = makeZip(
      set.map((entry, i) => (i === 3 ? { ...entry, declaredSize: entry.bytes.length + 10 } : entry)),
    );
    await expect(inspectZip(short)).rejects.toThrow(/img3\.png is damaged/);

    const honest = makeZip(set);
    const flipped = Buffer.from(honest);
    // The first entry's packed data starts after its 30-byte header and 8-byte name.
    flipped[30 + 'img0.png'.length + 20]! ^= 0xff;
    await expect(unpackZipImages(flipped)).rejects.toThrow(/img0\.png (is damaged|unpacks to more)/);
  });

  it('unpacks an honest set to the very bytes that were packed', async () => {
    const set = await validSet(9);
    const files = await unpackZipImages(makeZip(set));
    expect(files.map((file) => file.name)).toEqual(set.map((entry) => entry.name));
    files.forEach((file, i) => expect(file.bytes.equals(set[i]!.bytes)).toBe(true));
    expect((await inspectZip(makeZip(set))).map((entry) => entry.uncompressedSize)).toEqual(
      set.map((entry) => entry.bytes.length),
    );
  });

  it('stops unpacking when the attempt is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('deadline'));
    await expect(unpackZipImages(makeZip(await validSet()), controller.signal)).rejects.toThrow(/deadline/);
  });
});

/** As `zip -0` and Python's zipfile write them: every entry stored, packed as is. */
const stored = (entries: Parameters<typeof makeZip>[0]) =>
  makeZip(entries.map((entry) => ({ ...entry, method: 'stored' as const })));

describe('training ZIPs whose entries are stored uncompressed', () => {
  it('unpack to the very bytes that were packed, alone or mixed with deflated entries', async () => {
    const set = await validSet(10);
    const files = await unpackZipImages(stored(set));
    expect(files.map((file) => file.name)).toEqual(set.map((entry) => entry.name));
    files.forEach((file, i) => expect(file.bytes.equals(set[i]!.bytes)).toBe(true));
    expect((await inspectZip(stored(set))).map((entry) => entry.compressedSize)).toEqual(
      set.map((entry) => entry.bytes.length),
    );

    const mixed = makeZip(set.map((entry, i) => ({ ...entry, method: i % 2 ? 'stored' : 'deflated' })));
    const unpacked = await unpackZipImages(mixed);
    unpacked.forEach((file, i) => expect(file.bytes.equals(set[i]!.bytes)).toBe(true));
  });

  it('are refused when their bytes disagree with the directory: longer, shorter or corrupted', async () => {
    const set = await validSet();
    const longer = stored(set.map((entry, i) => (i === 2 ? { ...entry, declaredSize: 100 } : entry)));
    await expect(inspectZip(longer)).rejects.toThrow(/img2\.png unpacks to more than the ZIP declares/);

    const shorter = stored(
      set.map((entry, i) => (i === 5 ? { ...entry, declaredSize: entry.bytes.length + 10 } : entry)),
    );
    await expect(unpackZipImages(shorter)).rejects.toThrow(/img5\.png is damaged/);

    const flipped = Buffer.from(stored(set));
    flipped[30 + 'img0.png'.length + 40]! ^= 0xff;
    await expect(unpackZipImages(flipped)).rejects.toThrow(/img0\.png is damaged/);
  });

  it('keep the limits on count, size and names', async () => {
    await expect(inspectZip(stored(await validSet(7)))).rejects.toThrow(/holds 8 to 40 png or jpg images/);
    await expect(inspectZip(stored(await validSet(41)))).rejects.toThrow(/holds 8 to 40 png or jpg images/);

    const big = Buffer.alloc(ZIP_LIMITS.maxEntryBytes + 1);
    const huge = stored([...(await validSet(7)), { name: 'huge.png', bytes: big }]);
    await expect(inspectZip(huge)).rejects.toThrow(/too large once unpacked/);

    const named = stored([...(await validSet(8)), { name: 'notes.txt', bytes: Buffer.from('hello') }]);
    await expect(inspectZip(named)).rejects.toThrow(/notes\.txt is not a png or jpg image/);
  });
});
