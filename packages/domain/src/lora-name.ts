import { z } from 'zod';

/** A LoRA's name is typed after `-lora`, so it is one word: letters, digits, dash and underscore. */
export const LORA_NAME_RULE = 'Name it first: 1 to 40 letters, digits, dashes or underscores, no spaces.';

export const LoraName = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, LORA_NAME_RULE);

/** The LoRA training form's fields besides the files. */
export const LoraTrainingForm = z.object({
  source: z.enum(['images', 'zip']),
  name: LoraName,
});
export type LoraTrainingForm = z.infer<typeof LoraTrainingForm>;
