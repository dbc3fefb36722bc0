import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFolderStorage } from './folder.ts';

let base: string;
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'media-test-'));
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('folder media storage', () => {
  it('stores, reads back with its type, overwrites and deletes', async () => {
    const storage = createFolderStorage({ baseDir: base });
    await storage.put('media/job-1/0.png', Buffer.from('first'), 'image/png');
    expect(await storage.get('media/job-1/0.png')).toEqual({
      bytes: Buffer.from('first'),
      mime: 'image/png',
    });
    await storage.put('media/job-1/0.png', Buffer.from('second'), 'image/webp');
    expect(await storage.get('media/job-1/0.png')).toEqual({
      bytes: Buffer.from('second'),
      mime: 'image/webp',
    });
    expect(await readdir(join(base, 'media', 'job-1'))).toEqual(['0.png']);
    await storage.delete('media/job-1/0.png');
    expect(await storage.get('media/job-1/0.png')).toBeNull();
    await storage.delete('media/job-1/0.png');
  });

  it('answers null for a key never stored', async () => {
    expect(await createFolderStorage({ baseDir: base }).get('media/none/0.png')).toBeNull();
  });

  it('refuses keys that could leave the folder or reach its type records', async () => {
    const storage = createFolderStorage({ baseDir: base });
    for (const key of [
      '../x.png',
      'media/../../x',
      '/etc/passwd',
      'C:/x',
      'media\\x',
      'media//x',
      '.types/media/x',
      'media/.hidden',
      '',
    ]) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(RangeError);
      await expect(storage.get(key), key).rejects.toThrow(RangeError);
    }
    expect(await readdir(base)).toEqual([]);
  });

  it('has a public URL only when a public base is set', () => {
    expect(createFolderStorage({ baseDir: base }).publicUrl('media/a/0.png')).toBeNull();
    const cdn = createFolderStorage({ baseDir: base, publicBaseUrl: 'https://cdn.example.com/m/' });
    expect(cdn.publicUrl('media/a b/0.png')).toBe('https://cdn.example.com/m/media/a%20b/0.png');
  });
});
