import { describe, expect, it } from 'vitest';
import { priceOf } from '../generation/pricing.ts';
import { IMAGE_ACTION_LIST, findActionCommand, pickableImages } from './actions.ts';
import { jobWorkOf } from './registry.ts';

describe('result actions in the registry', () => {
  it('defines every action Midjourney users expect, each priced with its kind of work', () => {
    const labels = IMAGE_ACTION_LIST.filter((action) => action.single).map((action) => action.label);
    expect(labels).toEqual([
      'Upscale 2×',
      'Upscale 4×',
      'Vary (Subtle)',
      'Vary (Strong)',
      'Zoom Out 1.5×',
      'Zoom Out 2×',
      'Custom Zoom',
      'Pan Left',
      'Pan Right',
      'Pan Up',
      'Pan Down',
      'Make Square',
    ]);
    expect(IMAGE_ACTION_LIST.filter((action) => action.perImage).map((a) => [a.perImage, a.name])).toEqual([
      ['V', 'vary'],
      ['U', 'upscale-2x'],
    ]);
    for (const action of IMAGE_ACTION_LIST) {
      expect(action.price).toBeGreaterThan(0);
      expect(jobWorkOf(action.name)).toEqual({ family: 'image', price: action.price, work: action.work });
      expect(priceOf(action.name).credits).toBe(action.price);
    }
  });

  it('says what each action does to the image', () => {
    expect(jobWorkOf('upscale-4x')?.work).toEqual({ kind: 'upscale', factor: 4 });
    const subtle = jobWorkOf('vary-subtle')?.work;
    const strong = jobWorkOf('vary-strong')?.work;
    expect(subtle?.kind === 'variation' && strong?.kind === 'variation').toBe(true);
    if (subtle?.kind === 'variation' && strong?.kind === 'variation')
      expect(subtle.denoise).toBeLessThan(strong.denoise);
    expect(jobWorkOf('pan-left')?.work).toMatchObject({ frame: { type: 'pan', direction: 'left' } });
    expect(findActionCommand('zoom-custom')?.options.find((o) => o.name === 'factor')).toMatchObject({
      required: true,
      min: 1,
      max: 2,
    });
    expect(findActionCommand('make-square')?.notSquare).toBe(true);
  });

  it('picks among the four images of a grid, or the one image of a single result', () => {
    expect(pickableImages(5)).toBe(4);
    expect(pickableImages(1)).toBe(1);
    expect(pickableImages(0)).toBe(0);
  });
});
