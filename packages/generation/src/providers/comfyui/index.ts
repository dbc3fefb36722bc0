export { createComfyUIProvider, type ComfyUIOptions } from './provider.ts';
export { fillWorkflow, withLora, type Workflow, type WorkflowNode } from './workflow.ts';
