import { ProviderError } from '../../types.ts';
import { badAnswerError, isRecord, requestBytes, requestJson } from '../shared/http.ts';
import { extensionFor } from '../shared/media.ts';
import type { Workflow } from './workflow.ts';

/** The ComfyUI server calls we use (`server.py`), each with ComfyUI's own field names. */

export const LABEL = 'generation service';

export interface FileRef {
  filename: string;
  subfolder?: string;
  type?: string;
  format?: string;
}

export interface HistoryEntry {
  outputs?: Record<string, Record<string, unknown>>;
  status?: { status_str?: string; completed?: boolean; messages?: [string, Record<string, unknown>][] };
}

/** `queue_running` / `queue_pending` items are `[number, prompt_id, prompt, extra_data, outputs]`. */
export interface QueueState {
  queue_running?: unknown[][];
  queue_pending?: unknown[][];
}

export class ComfyClient {
  constructor(
    readonly host: string,
    private readonly timeoutMs: number,
    private readonly signal?: AbortSignal,
  ) {}

  private call(extra: { json?: unknown; form?: FormData; method?: 'GET' | 'POST' } = {}) {
    return { ...extra, timeoutMs: this.timeoutMs, signal: this.signal, label: LABEL };
  }

  /** Uploads one input file; ComfyUI keeps any file type in its input folder, not only images. */
  async upload(bytes: Buffer, mime: string, baseName: string, subfolder = ''): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([bytes], { type: mime }), `${baseName}.${extensionFor(mime)}`);
    form.append('overwrite', 'true');
    form.append('type', 'input');
    if (subfolder) form.append('subfolder', subfolder);
    const answer = await requestJson<{ name?: string; subfolder?: string }>(
      `${this.host}/upload/image`,
      this.call({ form }),
    );
    if (!answer?.name) {
      throw new ProviderError('BACKEND_BAD_ANSWER', 'The generation service did not accept the upload.', {
        retryable: true,
      });
    }
    return answer.subfolder ? `${answer.subfolder}/${answer.name}` : answer.name;
  }

  async queuePrompt(prompt: Workflow, clientId: string): Promise<string> {
    const answer = await requestJson<{ prompt_id?: string }>(
      `${this.host}/prompt`,
      this.call({ json: { prompt, client_id: clientId } }),
    );
    if (!answer?.prompt_id) {
      throw new ProviderError('BACKEND_BAD_ANSWER', 'The generation service did not queue the job.', {
        retryable: true,
      });
    }
    return answer.prompt_id;
  }

  async history(promptId: string): Promise<HistoryEntry | null> {
    const answer = await requestJson<unknown>(
      `${this.host}/history/${encodeURIComponent(promptId)}`,
      this.call(),
    );
    if (!isRecord(answer)) throw badAnswerError(LABEL, 'the history is not an object');
    const entry = answer[promptId];
    if (entry === undefined) return null;
    if (!isRecord(entry) || (entry.outputs !== undefined && !isRecord(entry.outputs))) {
      throw badAnswerError(LABEL, 'the history entry has the wrong shape');
    }
    return entry;
  }

  async queue(): Promise<QueueState> {
    const answer = await requestJson<unknown>(`${this.host}/queue`, this.call());
    const list = (value: unknown) => value === undefined || Array.isArray(value);
    if (!isRecord(answer) || !list(answer.queue_running) || !list(answer.queue_pending)) {
      throw badAnswerError(LABEL, 'the queue has the wrong shape');
    }
    return answer;
  }

  async view(file: FileRef): Promise<{ bytes: Buffer; type: string }> {
    const query = new URLSearchParams({
      filename: file.filename,
      subfolder: file.subfolder ?? '',
      type: file.type ?? 'output',
    });
    return requestBytes(`${this.host}/view?${query.toString()}`, this.call());
  }

  async deleteFromQueue(promptId: string): Promise<void> {
    await requestJson(`${this.host}/queue`, this.call({ json: { delete: [promptId] } }));
  }

  /** Newer ComfyUI only interrupts when `prompt_id` is the running one; older ones ignore the body. */
  async interrupt(promptId: string): Promise<void> {
    await requestJson(`${this.host}/interrupt`, this.call({ json: { prompt_id: promptId } }));
  }
}

export function queueHas(state: QueueState, promptId: string): 'running' | 'pending' | null {
  if (state.queue_running?.some((item) => Array.isArray(item) && item[1] === promptId)) return 'running';
  if (state.queue_pending?.some((item) => Array.isArray(item) && item[1] === promptId)) return 'pending';
  return null;
}
