import type { CommandFlag, CommandLimit, LimitUnit } from '@app/domain';

const UNIT: Record<LimitUnit, [singular: string, plural: string]> = {
  seconds: ['second', 'seconds'],
  minutes: ['minute', 'minutes'],
  scenes: ['scene', 'scenes'],
  clips: ['clip', 'clips'],
  images: ['image', 'images'],
  pixels: ['px', 'px'],
  voices: ['voice', 'voices'],
  ratio: ['', ''],
};

const unitFor = (unit: LimitUnit, value: number) => UNIT[unit][value === 1 ? 0 : 1];

const join = (...parts: string[]) => parts.filter(Boolean).join(' ');

/** "3 seconds", "about 15 minutes", "8-40 images", "0.1-0.9". */
export function formatLimit(limit: CommandLimit): string {
  if (limit.min !== undefined && limit.max !== undefined) {
    const range = `${limit.min}-${limit.max}`;
    const text = join(range, unitFor(limit.unit, limit.max));
    return limit.default !== undefined ? `${text} (default ${limit.default})` : text;
  }
  const value = limit.value ?? 0;
  return join(limit.approximate ? 'about' : '', String(value), unitFor(limit.unit, value));
}

/** What a flag looks like when typed: "-wide", "-lora name", "-loraweight weight". */
export function flagUsage(flag: CommandFlag): string {
  return flag.value ? `${flag.flag} ${flag.value.placeholder}` : flag.flag;
}

/** The accepted values of a flag, in words. */
export function flagValueText(flag: CommandFlag): string {
  if (flag.ratio) return flag.ratio.join(':');
  const value = flag.value;
  if (!value) return '—';
  if (value.type === 'text') return value.caseSensitive ? 'Text, case-sensitive' : 'Text';
  const range = value.min !== undefined && value.max !== undefined ? `${value.min}-${value.max}` : 'A number';
  return value.default !== undefined ? `${range}, default ${value.default}` : range;
}

export function formatWeight(weight: number): string {
  return `×${weight.toFixed(2).replace(/0$/, '')}`;
}
