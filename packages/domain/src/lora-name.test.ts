import { describe, expect, it } from 'vitest';
import { LORA_NAME_RULE, LoraName, LoraTrainingForm } from './lora-name.ts';

describe('LoraName', () => {
  it('takes one word of letters, digits, dashes and underscores up to 40 long', () => {
    expect(LoraName.safeParse('my_style-2').success).toBe(true);
    expect(LoraName.safeParse('a'.repeat(40)).success).toBe(true);
  });

  it('refuses empty, spaced, too long or other characters with the form rule', () => {
    for (const bad of ['', 'my style', 'a'.repeat(41), 'café', 'x/y']) {
      const parsed = LoraName.safeParse(bad);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(LORA_NAME_RULE);
    }
  });

  it('the form takes only the two sources', () => {
    expect(LoraTrainingForm.safeParse({ source: 'zip', name: 'ok' }).success).toBe(true);
    expect(LoraTrainingForm.safeParse({ source: 'tar', name: 'ok' }).success).toBe(false);
  });
});
