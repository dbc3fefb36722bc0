export { makeZip, type ZipEntry } from './make-zip.ts';
