import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProviderError } from '../../types.ts';

/**
 * ComfyUI workflow templates: API-format graphs (`{ "<node id>": { class_type, inputs } }`) whose
 * inputs may hold placeholders. An input that is exactly `"{{name}}"` takes the value with its own
 * type (a number stays a number); a placeholder inside longer text is replaced as text.
 */

export interface WorkflowNode {
  class_type: string;
  inputs: Record<string, unknown>;
  _meta?: { title?: string };
}

export type Workflow = Record<string, WorkflowNode>;

export type PlaceholderValues = Record<string, string | number | boolean>;

export const DEFAULT_WORKFLOWS_DIR = fileURLToPath(new URL('../../../workflows/', import.meta.url));

const WHOLE = /^\{\{\s*([\w.]+)\s*\}\}$/;
const INLINE = /\{\{\s*([\w.]+)\s*\}\}/g;

const templateError = (message: string, cause?: unknown) =>
  new ProviderError('WORKFLOW_INVALID', 'The generation service is not set up for this command.', {
    retryable: false,
    cause: cause ?? new Error(message),
  });

/** The first of `names` that exists in `dir`, parsed. */
export async function loadWorkflow(
  dir: string,
  names: readonly string[],
): Promise<{ name: string; graph: Workflow }> {
  for (const name of names) {
    let text: string;
    try {
      text = await readFile(join(dir, `${name}.json`), 'utf8');
    } catch {
      continue;
    }
    try {
      return { name, graph: JSON.parse(text) as Workflow };
    } catch (error) {
      throw templateError(`workflow ${name}.json is not valid JSON`, error);
    }
  }
  throw templateError(`no workflow among ${names.join(', ')}`);
}

/** A copy of the graph with every placeholder filled; an unknown placeholder is a set-up mistake. */
export function fillWorkflow(graph: Workflow, values: PlaceholderValues): Workflow {
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const whole = WHOLE.exec(value);
      if (whole) return lookup(whole[1]!);
      return value.replace(INLINE, (_, key: string) => String(lookup(key)));
    }
    if (Array.isArray(value)) return value.map(fill);
    return value;
  };
  const lookup = (key: string) => {
    if (!(key in values)) throw templateError(`workflow placeholder {{${key}}} has no value`);
    return values[key]!;
  };
  const out: Workflow = {};
  for (const [id, node] of Object.entries(graph)) {
    out[id] = {
      ...node,
      inputs: Object.fromEntries(Object.entries(node.inputs ?? {}).map(([k, v]) => [k, fill(v)])),
    };
  }
  return out;
}

/**
 * Puts a LoraLoader behind the checkpoint loader: every node that took the checkpoint's model or
 * CLIP now takes the LoRA-patched ones. Templates stay free of LoRA nodes, which ComfyUI would
 * reject when no LoRA file is named.
 */
export function withLora(graph: Workflow, loraName: string, weight: number): Workflow {
  const loaderId = Object.keys(graph).find((id) => graph[id]!.class_type === 'CheckpointLoaderSimple');
  if (!loaderId) throw templateError('workflow has no CheckpointLoaderSimple to attach a LoRA to');
  let loraId = 'lora';
  while (graph[loraId]) loraId += '_';
  const out: Workflow = {};
  for (const [id, node] of Object.entries(graph)) {
    const inputs = Object.fromEntries(
      Object.entries(node.inputs).map(([k, v]) => {
        const link = Array.isArray(v) && v.length === 2 && v[0] === loaderId && (v[1] === 0 || v[1] === 1);
        return [k, link ? [loraId, v[1]] : v];
      }),
    );
    out[id] = { ...node, inputs };
  }
  out[loraId] = {
    class_type: 'LoraLoader',
    _meta: { title: 'LoRA' },
    inputs: {
      model: [loaderId, 0],
      clip: [loaderId, 1],
      lora_name: loraName,
      strength_model: weight,
      strength_clip: weight,
    },
  };
  return out;
}
