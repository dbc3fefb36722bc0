import WebSocket from 'ws';

/**
 * Reads sampling progress from ComfyUI's `/ws` feed while the job is polled. ComfyUI sends
 * `{type: "progress", data: {value, max, prompt_id}}` only to the client id that queued the prompt,
 * which is why that id is derived from the job: a resumed worker hears the same feed.
 * Losing the socket costs only progress; completion is always read from the history.
 */
export function watchProgress(
  host: string,
  clientId: string,
  promptId: () => string | null,
  onFraction: (fraction: number) => void,
): () => void {
  const url = new URL(`${host}/ws`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('clientId', clientId);
  const socket = new WebSocket(url);
  socket.on('message', (data, isBinary) => {
    if (isBinary) return; // preview images
    let message: { type?: string; data?: { value?: number; max?: number; prompt_id?: string } };
    try {
      message = JSON.parse((data as Buffer).toString()) as typeof message;
    } catch {
      return;
    }
    const { value, max, prompt_id: id } = message.data ?? {};
    if (message.type !== 'progress' || !value || !max) return;
    if (id && id !== promptId()) return;
    onFraction(0.1 + 0.85 * Math.min(1, value / max));
  });
  socket.on('error', () => {});
  return () => socket.terminate();
}
