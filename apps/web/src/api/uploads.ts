import { JobApiError } from '@/lib/job-service.ts';

export type Upload = { id: string; url: string; mime: string; size: number };
type UploadAnswer = { upload?: Upload; error?: { code: string; message: string } };

/**
 * `POST /api/uploads` through XMLHttpRequest, the one browser API that reports upload progress
 * (`onProgress` gets 0..1). Resolves with the stored upload; rejects with the server's words.
 */
export function uploadFile(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: UploadAnswer | null = null;
      try {
        data = JSON.parse(xhr.responseText) as UploadAnswer;
      } catch {
        // Not JSON: handled below as a failure without words.
      }
      if (xhr.status >= 200 && xhr.status < 300 && data?.upload) {
        onProgress(1);
        resolve(data.upload);
      } else {
        reject(
          new JobApiError(
            xhr.status,
            data?.error?.code ?? 'UPLOAD_FAILED',
            data?.error?.message ?? `The upload of ${file.name} failed.`,
          ),
        );
      }
    };
    xhr.onerror = () =>
      reject(
        new JobApiError(0, 'NETWORK', `The upload of ${file.name} failed: the server could not be reached.`),
      );
    xhr.onabort = () => reject(new JobApiError(0, 'ABORTED', 'Upload cancelled.'));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
