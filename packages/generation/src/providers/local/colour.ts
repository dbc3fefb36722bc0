/** Colours as the local provider reasons about them: HSL for making, RGB for measuring, names for captions. */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export interface Hsl {
  /** 0–360 */
  h: number;
  /** 0–1 */
  s: number;
  /** 0–1 */
  l: number;
}

export function hslToRgb({ h, s, l }: Hsl): Rgb {
  const hue = (((h % 360) + 360) % 360) / 360;
  const channel = (offset: number) => {
    const k = (offset + hue * 12) % 12;
    const a = s * Math.min(l, 1 - l);
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return { r: channel(0), g: channel(8), b: channel(4) };
}

export function rgbToHsl({ r, g, b }: Rgb): Hsl {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h = max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  h *= 60;
  return { h, s, l };
}

export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b]
    .map((value) =>
      Math.max(0, Math.min(255, Math.round(value)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export function fromHex(hex: string): Rgb {
  const value = /^#?([0-9a-f]{6})$/i.exec(hex.trim())?.[1] ?? '808080';
  return {
    r: parseInt(value.slice(0, 2), 16),
    g: parseInt(value.slice(2, 4), 16),
    b: parseInt(value.slice(4, 6), 16),
  };
}

export function mix(a: Rgb, b: Rgb, amount: number): Rgb {
  const t = Math.max(0, Math.min(1, amount));
  return { r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t };
}

/** A plain English name for a colour, the way a person would describe it. */
export function colourName(rgb: Rgb): string {
  const { h, s, l } = rgbToHsl(rgb);
  if (l < 0.12) return 'black';
  if (l > 0.9 && s < 0.5) return 'white';
  if (s < 0.15) return l < 0.4 ? 'dark grey' : l > 0.7 ? 'light grey' : 'grey';
  const hue =
    h < 15 || h >= 345
      ? 'red'
      : h < 40
        ? 'orange'
        : h < 65
          ? 'yellow'
          : h < 160
            ? 'green'
            : h < 195
              ? 'cyan'
              : h < 255
                ? 'blue'
                : h < 290
                  ? 'purple'
                  : 'pink';
  if (hue === 'orange' && l < 0.35) return 'brown';
  if (l < 0.3) return `dark ${hue}`;
  if (l > 0.75) return `pale ${hue}`;
  return hue;
}
