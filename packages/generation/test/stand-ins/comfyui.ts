import { randomUUID } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import { mp4Bytes, pngBytes, wavBytes } from './media.ts';
import { jsonOf, type RecordedRequest, type StandIn, startStandIn } from './server.ts';

/**
 * Speaks ComfyUI's server API. A queued prompt "runs" for `jobMs`, then its history lists one
 * output per save node: PNGs for SaveImage (size and count from EmptyLatentImage, colour from the
 * KSampler seed), the MP4 fixture under `gifs` for VHS_VideoCombine, a WAV under `audio` for SaveAudio.
 */

type Graph = Record<string, { class_type: string; inputs: Record<string, unknown> }>;
type FileRef = { filename: string; subfolder: string; type: string; format?: string };

interface Job {
  id: string;
  number: number;
  graph: Graph;
  clientId: string;
  state: 'pending' | 'running' | 'done' | 'error';
  outputs: Record<string, Record<string, FileRef[]>>;
  errorMessage?: string;
  interrupted?: boolean;
}

export interface ComfyStandIn extends StandIn {
  jobs: Map<string, Job>;
  /** Files by `type/subfolder/filename`: uploads land under `input/`, results under `output/`. */
  files: Map<string, Buffer>;
  settings: { jobMs: number; failWith: string | null };
  /** Forgets every job, as a restarted ComfyUI does. */
  restart(): void;
}

export async function startComfyStandIn(): Promise<ComfyStandIn> {
  const jobs = new Map<string, Job>();
  const files = new Map<string, Buffer>();
  const settings = { jobMs: 30, failWith: null as string | null };
  let counter = 0;
  const key = (type: string, subfolder: string, name: string) =>
    `${type}/${subfolder ? `${subfolder}/` : ''}${name}`;

  const sockets = new Map<string, WebSocket>();
  const send = (clientId: string, message: object) => sockets.get(clientId)?.send(JSON.stringify(message));

  async function execute(job: Job) {
    job.state = 'running';
    const steps = 4;
    for (let value = 1; value <= steps; value++) {
      await new Promise((resolve) => setTimeout(resolve, settings.jobMs / steps));
      send(job.clientId, { type: 'progress', data: { value, max: steps, prompt_id: job.id, node: '5' } });
    }
    if (job.state !== 'running') return;
    if (settings.failWith) {
      job.state = 'error';
      job.errorMessage = settings.failWith;
      return;
    }
    const nodes = Object.values(job.graph);
    const latent = nodes.find((n) => n.class_type === 'EmptyLatentImage')?.inputs ?? {};
    const seed = Number(nodes.find((n) => n.class_type === 'KSampler')?.inputs.seed ?? 1);
    for (const [id, node] of Object.entries(job.graph)) {
      const prefix =
        typeof node.inputs.filename_prefix === 'string' ? node.inputs.filename_prefix : 'ComfyUI';
      const save = async (kind: string, name: string, bytes: Buffer, extra: Partial<FileRef> = {}) => {
        const sub = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
        files.set(key('output', sub, name), bytes);
        const list = ((job.outputs[id] ??= {})[kind] ??= []);
        list.push({ filename: name, subfolder: sub, type: 'output', ...extra });
      };
      if (node.class_type === 'SaveImage') {
        // A batch from an empty latent, or an upload's latent repeated (the edit workflows).
        const repeat = nodes.find((n) => n.class_type === 'RepeatLatentBatch')?.inputs.amount;
        const count = Number(latent.batch_size ?? repeat ?? 1);
        for (let i = 0; i < count; i++) {
          const png = await pngBytes(Number(latent.width ?? 64), Number(latent.height ?? 64), seed + i);
          await save('images', `img_${String(i + 1).padStart(5, '0')}_.png`, png);
        }
      } else if (node.class_type === 'VHS_VideoCombine') {
        await save('gifs', 'clip_00001.mp4', mp4Bytes(), { format: 'video/h264-mp4' });
      } else if (node.class_type === 'SaveAudio') {
        await save('audio', 'audio_00001_.wav', wavBytes(500));
      } else if (node.class_type === 'PreviewImage') {
        files.set(key('temp', '', 'preview.png'), await pngBytes(8, 8, 0));
        ((job.outputs[id] ??= {}).images ??= []).push({
          filename: 'preview.png',
          subfolder: '',
          type: 'temp',
        });
      }
    }
    job.state = 'done';
  }

  async function handle(request: RecordedRequest) {
    const route = `${request.method} ${request.path}`;
    if (route === 'GET /system_stats') {
      return { body: { system: { os: 'posix', comfyui_version: 'stand-in' }, devices: [] } };
    }
    if (route === 'POST /upload/image') {
      const form = await new Request('http://stand-in/', {
        method: 'POST',
        headers: { 'content-type': String(request.headers['content-type']) },
        body: request.body,
      }).formData();
      const file = form.get('image');
      if (!(file instanceof Blob)) return { status: 400, body: 'no image' };
      const name = (file as File).name;
      const folder = form.get('subfolder');
      const subfolder = typeof folder === 'string' ? folder : '';
      files.set(key('input', subfolder, name), Buffer.from(await file.arrayBuffer()));
      return { body: { name, subfolder, type: 'input' } };
    }
    if (route === 'POST /prompt') {
      const { prompt, client_id } = jsonOf<{ prompt?: Graph; client_id?: string }>(request);
      if (!prompt || typeof prompt !== 'object') {
        return {
          status: 400,
          body: { error: { type: 'no_prompt', message: 'No prompt provided' }, node_errors: {} },
        };
      }
      const id = randomUUID();
      const job: Job = {
        id,
        number: counter++,
        graph: prompt,
        clientId: client_id ?? '',
        state: 'pending',
        outputs: {},
      };
      jobs.set(job.id, job);
      void execute(job);
      return { body: { prompt_id: job.id, number: job.number, node_errors: {} } };
    }
    if (request.method === 'GET' && request.path.startsWith('/history/')) {
      const id = decodeURIComponent(request.path.slice('/history/'.length));
      const job = jobs.get(id);
      if (!job || (job.state !== 'done' && job.state !== 'error')) return { body: {} };
      const failed = job.state === 'error';
      const messages = job.interrupted
        ? [['execution_interrupted', { prompt_id: id, node_id: '5', node_type: 'KSampler', executed: [] }]]
        : failed
          ? [
              [
                'execution_error',
                {
                  prompt_id: id,
                  node_type: 'KSampler',
                  exception_message: job.errorMessage,
                  exception_type: 'RuntimeError',
                },
              ],
            ]
          : [['execution_success', { prompt_id: id }]];
      const status = { status_str: failed ? 'error' : 'success', completed: !failed, messages };
      return {
        body: { [id]: { prompt: [job.number, id, job.graph, {}, []], outputs: job.outputs, status } },
      };
    }
    if (route === 'GET /queue') {
      const item = (job: Job) => [job.number, job.id, job.graph, { client_id: 'x' }, []];
      const list = [...jobs.values()];
      return {
        body: {
          queue_running: list.filter((j) => j.state === 'running').map(item),
          queue_pending: list.filter((j) => j.state === 'pending').map(item),
        },
      };
    }
    if (route === 'POST /queue') {
      for (const id of jsonOf<{ delete?: string[] }>(request).delete ?? []) {
        if (jobs.get(id)?.state === 'pending') jobs.delete(id);
      }
      return { body: '' };
    }
    if (route === 'POST /interrupt') {
      for (const job of jobs.values()) {
        if (job.state === 'running') Object.assign(job, { state: 'error', interrupted: true });
      }
      return { body: '' };
    }
    if (route === 'GET /view') {
      const q = request.query;
      const bytes = files.get(
        key(q.get('type') ?? 'output', q.get('subfolder') ?? '', q.get('filename') ?? ''),
      );
      return bytes
        ? { body: bytes, type: 'application/octet-stream' }
        : { status: 404, body: '404: Not Found' };
    }
    return { status: 404, body: '404: Not Found' };
  }

  const standIn = await startStandIn(handle);
  const wss = new WebSocketServer({ server: standIn.server, path: '/ws' });
  wss.on('connection', (socket, request) => {
    const clientId =
      new URL(request.url ?? '/', 'http://stand-in').searchParams.get('clientId') ?? randomUUID();
    sockets.set(clientId, socket);
    socket.send(
      JSON.stringify({
        type: 'status',
        data: { status: { exec_info: { queue_remaining: 0 } }, sid: clientId },
      }),
    );
  });
  const closeHttp = standIn.close;
  return Object.assign(standIn, {
    jobs,
    files,
    settings,
    restart: () => jobs.clear(),
    close: async () => {
      for (const socket of wss.clients) socket.terminate();
      wss.close();
      await closeHttp();
    },
  });
}
