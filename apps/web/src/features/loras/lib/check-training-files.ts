import { LIMITS } from '@app/domain';

const IMAGE_NAME = /\.(png|jpe?g)$/i;
const { createImages, zipImages } = LIMITS.lora;

/** Why these files cannot train a LoRA from single images, or null: exactly 8 png or jpg files. */
export function imagesProblem(files: readonly Pick<File, 'name' | 'size'>[]): string | null {
  if (files.length !== createImages)
    return `Choose exactly ${createImages} images; you chose ${files.length}.`;
  const wrong = files.find((file) => !IMAGE_NAME.test(file.name));
  if (wrong) return `${wrong.name} is not a png or jpg image.`;
  const empty = files.find((file) => file.size === 0);
  if (empty) return `${empty.name} is empty.`;
  return null;
}

/**
 * The names in a ZIP, read from its central directory (what the server reads too), or null when
 * the bytes are not a ZIP.
 */
export function zipEntryNames(bytes: ArrayBuffer): string[] | null {
  const view = new DataView(bytes);
  // The end-of-central-directory record sits in the last 22 bytes plus at most a 64 kB comment.
  for (let at = bytes.byteLength - 22; at >= Math.max(0, bytes.byteLength - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) !== 0x06054b50) continue;
    const count = view.getUint16(at + 10, true);
    let offset = view.getUint32(at + 16, true);
    const names: string[] = [];
    const decoder = new TextDecoder();
    for (let index = 0; index < count; index++) {
      if (offset + 46 > bytes.byteLength || view.getUint32(offset, true) !== 0x02014b50) return null;
      const nameLength = view.getUint16(offset + 28, true);
      const extraLength = view.getUint16(offset + 30, true);
      const commentLength = view.getUint16(offset + 32, true);
      names.push(decoder.decode(new Uint8Array(bytes, offset + 46, nameLength)));
      offset += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  }
  return null;
}

/** Why this ZIP cannot train a LoRA, or null: 8 to 40 png or jpg images and nothing else. */
export function zipProblem(bytes: ArrayBuffer): string | null {
  const names = zipEntryNames(bytes);
  if (!names) return 'That file is not a ZIP archive.';
  const files = names.filter((name) => !name.endsWith('/'));
  const other = files.find((name) => !IMAGE_NAME.test(name));
  if (other) return `${other} is not a png or jpg image.`;
  if (files.length < zipImages.min || files.length > zipImages.max) {
    return `A training ZIP holds ${zipImages.min} to ${zipImages.max} png or jpg images; this one holds ${files.length}.`;
  }
  return null;
}
