import { useCallback, useState } from 'react';
import { uploadFile } from '@/api/uploads.ts';
import { fileProblem } from '../lib/check-file.ts';
import type { UploadState } from '../lib/form-model.ts';

/** The attachments of the form by option name, each uploaded as soon as it is chosen. */
export function useUploads() {
  const [uploads, setUploads] = useState<Record<string, UploadState | undefined>>({});
  const update = (name: string, patch: Partial<UploadState>) =>
    setUploads((current) => {
      const existing = current[name];
      return existing ? { ...current, [name]: { ...existing, ...patch } } : current;
    });

  const add = useCallback((name: string, file: File, accepts: readonly string[] | undefined) => {
    const problem = fileProblem(file, accepts);
    const previewUrl = problem ? undefined : URL.createObjectURL(file);
    setUploads((current) => ({
      ...current,
      [name]: { name: file.name, progress: 0, previewUrl, mime: file.type, error: problem ?? undefined },
    }));
    if (problem) return;
    uploadFile(file, (progress) => update(name, { progress })).then(
      (upload) => update(name, { uploadId: upload.id, mime: upload.mime }),
      (error: Error) => update(name, { error: error.message }),
    );
  }, []);

  const clear = useCallback((name?: string) => {
    setUploads((current) => {
      if (name === undefined) return {};
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  return { uploads, add, clear };
}
