import { describe, expect, it } from 'vitest';
import { imagesProblem, zipProblem } from './check-training-files.ts';

/** A stored (uncompressed) ZIP with these entries, each holding one byte. */
function zip(names: string[]): ArrayBuffer {
  const encoder = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const name of names) {
    const nameBytes = encoder.encode(name);
    const local = new Uint8Array(30 + nameBytes.length + 1);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint32(18, 1, true);
    lv.setUint32(22, 1, true);
    lv.setUint16(26, nameBytes.length, true);
    local.set(nameBytes, 30);
    const central = new Uint8Array(46 + nameBytes.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint32(20, 1, true);
    cv.setUint32(24, 1, true);
    cv.setUint16(28, nameBytes.length, true);
    cv.setUint32(42, offset, true);
    central.set(nameBytes, 46);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, names.length, true);
  ev.setUint16(10, names.length, true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);
  const all = new Uint8Array(offset + centralSize + 22);
  let at = 0;
  for (const part of [...locals, ...centrals, end]) {
    all.set(part, at);
    at += part.length;
  }
  return all.buffer;
}

const images = (count: number) => Array.from({ length: count }, (_, index) => `face-${index}.jpg`);

describe('training files, checked before upload', () => {
  it('takes exactly 8 png or jpg images', () => {
    const files = images(8).map((name) => ({ name, size: 10 }));
    expect(imagesProblem(files)).toBeNull();
    expect(imagesProblem(files.slice(1))).toBe('Choose exactly 8 images; you chose 7.');
    expect(imagesProblem([...files.slice(1), { name: 'a.gif', size: 10 }])).toBe(
      'a.gif is not a png or jpg image.',
    );
  });

  it('takes a ZIP of 8 to 40 images and nothing else, folders allowed', () => {
    expect(zipProblem(zip(['faces/', ...images(8).map((name) => `faces/${name}`)]))).toBeNull();
    expect(zipProblem(zip(images(40)))).toBeNull();
    expect(zipProblem(zip(images(7)))).toBe(
      'A training ZIP holds 8 to 40 png or jpg images; this one holds 7.',
    );
    expect(zipProblem(zip(images(41)))).toMatch(/this one holds 41/);
    expect(zipProblem(zip([...images(8), 'notes.txt']))).toBe('notes.txt is not a png or jpg image.');
    expect(zipProblem(new TextEncoder().encode('not a zip at all').buffer)).toBe(
      'That file is not a ZIP archive.',
    );
  });
});
