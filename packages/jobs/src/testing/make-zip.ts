import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  bytes: Buffer;
  /** Declare this uncompressed size instead of the real one (a lying directory). */
  declaredSize?: number;
  /** `stored`: packed as is (`zip -0`, Python's zipfile default); deflated otherwise. */
  method?: 'stored' | 'deflated';
}

/** A ZIP with deflated (or stored) entries and a central directory, built by hand so tests can make bad ones. */
export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const stored = entry.method === 'stored';
    const data = stored ? entry.bytes : deflateRawSync(entry.bytes);
    const method = stored ? 0 : 8;
    const crc = crc32(entry.bytes);
    const size = entry.declaredSize ?? entry.bytes.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
