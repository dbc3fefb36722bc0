import sharp from 'sharp';
import { hslToRgb, toHex, type Hsl, type Rgb } from './colour.ts';
import { mentions, promptWords, type PromptWord } from './prompt-words.ts';
import { randomFrom, hashOf, type Random } from './random.ts';
import { applyStyle, type LoraStyle } from './style.ts';

export interface SceneRequest {
  prompt: string;
  width: number;
  height: number;
  seed: number;
  /** Which of the grid's images this is; each variant is a different take on the same prompt. */
  variant: number;
  /** A seamless tile: shapes that cross an edge come back on the other side. */
  tile?: boolean;
  lora?: { style: LoraStyle; weight: number };
}

interface Canvas {
  width: number;
  height: number;
  random: Random;
  paint: (colour: Hsl, jitter?: number) => string;
  out: string[];
}

/**
 * A picture made from the prompt: each meaningful word brings its colour and a family of shapes, as
 * many and as large as its weight, over a gradient of the two heaviest words. A few scene words
 * (sky, sun, mountain, sea, city, forest, stars) add their own motif.
 */
export async function renderScene(request: SceneRequest): Promise<Buffer> {
  const { width, height } = request;
  const words = promptWords(request.prompt);
  const random = randomFrom(hashOf(request.seed, request.variant, request.prompt));
  const remap = request.lora ? paletteRemap(request.lora.style, request.lora.weight) : (rgb: Rgb) => rgb;
  const paint = (colour: Hsl, jitter = 0.06) =>
    toHex(
      remap(
        hslToRgb({
          h: colour.h + random.range(-40, 40) * jitter,
          s: Math.min(1, Math.max(0, colour.s + random.range(-jitter, jitter))),
          l: Math.min(0.97, Math.max(0.03, colour.l + random.range(-jitter, jitter) * 2)),
        }),
      ),
    );
  const canvas: Canvas = { width, height, random, paint, out: [] };
  background(canvas, words);
  motifs(canvas, words);
  for (const word of words) shapesFor(canvas, word, request.tile === true);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${canvas.out.join('')}</svg>`;
  const png = await sharp(Buffer.from(svg)).removeAlpha().png().toBuffer();
  return request.lora ? applyStyle(png, request.lora.style, request.lora.weight, request.seed) : png;
}

function background(canvas: Canvas, words: PromptWord[]): void {
  const first = words[0]!.colour;
  const second = (words[1] ?? words[0]!).colour;
  const angle = canvas.random.range(0, Math.PI);
  const [x2, y2] = [50 + 50 * Math.cos(angle), 50 + 50 * Math.sin(angle)];
  canvas.out.push(
    `<defs><linearGradient id="bg" x1="${100 - x2}%" y1="${100 - y2}%" x2="${x2}%" y2="${y2}%">` +
      `<stop offset="0" stop-color="${canvas.paint(first)}"/><stop offset="1" stop-color="${canvas.paint({ ...second, l: second.l * 0.7 })}"/>` +
      `</linearGradient></defs><rect width="100%" height="100%" fill="url(#bg)"/>`,
  );
}

function motifs(canvas: Canvas, words: PromptWord[]): void {
  const { width: w, height: h, random, paint, out } = canvas;
  if (mentions(words, 'sky', 'sunset', 'dusk', 'dawn', 'sunrise')) {
    out.push(
      `<rect y="0" width="${w}" height="${h * 0.45}" fill="${paint({ h: 25, s: 0.7, l: 0.6 })}" opacity="0.35"/>`,
    );
  }
  if (mentions(words, 'sun', 'moon', 'sunset', 'sunrise')) {
    const moon = mentions(words, 'moon');
    out.push(
      `<circle cx="${random.range(0.2, 0.8) * w}" cy="${random.range(0.15, 0.4) * h}" r="${Math.min(w, h) * random.range(0.08, 0.14)}" fill="${paint(moon ? { h: 50, s: 0.2, l: 0.9 } : { h: 40, s: 0.95, l: 0.6 })}"/>`,
    );
  }
  if (mentions(words, 'mountain', 'cliff', 'hill', 'peak')) {
    for (let index = 0; index < 4; index++) {
      const x = random.range(-0.2, 1) * w;
      const peak = random.range(0.3, 0.6) * h;
      out.push(
        `<polygon points="${x},${h} ${x + w * 0.25},${peak} ${x + w * 0.55},${h}" fill="${paint({ h: 230, s: 0.15, l: 0.3 })}" opacity="0.85"/>`,
      );
    }
  }
  if (mentions(words, 'sea', 'ocean', 'water', 'lake', 'river', 'wave')) {
    for (let band = 0; band < 4; band++) {
      const y = h * (0.65 + band * 0.09);
      const amp = h * 0.02;
      out.push(
        `<path d="M0 ${y} Q ${w * 0.25} ${y - amp} ${w * 0.5} ${y} T ${w} ${y} V ${h} H 0 Z" fill="${paint({ h: 205, s: 0.65, l: 0.35 + band * 0.04 })}" opacity="0.7"/>`,
      );
    }
  }
  if (mentions(words, 'city', 'street', 'building', 'tower', 'skyline')) {
    for (let x = 0; x < w; x += w / 12) {
      const top = h * random.range(0.35, 0.75);
      out.push(
        `<rect x="${x}" y="${top}" width="${w / 13}" height="${h - top}" fill="${paint({ h: 230, s: 0.1, l: 0.2 })}"/>`,
      );
    }
  }
  if (mentions(words, 'forest', 'tree', 'wood', 'pine')) {
    for (let index = 0; index < 14; index++) {
      const x = random.range(0, w);
      const base = h * random.range(0.75, 1);
      const size = h * random.range(0.12, 0.25);
      out.push(
        `<polygon points="${x - size / 3},${base} ${x},${base - size} ${x + size / 3},${base}" fill="${paint({ h: 130, s: 0.5, l: 0.22 })}"/>`,
      );
    }
  }
  if (mentions(words, 'star', 'night', 'space', 'galaxy', 'nebula')) {
    for (let index = 0; index < 60; index++) {
      out.push(
        `<circle cx="${random.range(0, w)}" cy="${random.range(0, h * 0.7)}" r="${random.range(0.5, 2) * Math.max(1, w / 512)}" fill="#fffbe8" opacity="${random.range(0.5, 1)}"/>`,
      );
    }
  }
}

/** Every word draws its own shape family; heavier words draw more and larger shapes. */
function shapesFor(canvas: Canvas, word: PromptWord, tile: boolean): void {
  const { width: w, height: h, random, paint, out } = canvas;
  const kind = hashOf('shape', word.word) % 5;
  const count = Math.max(1, Math.round(word.weight * random.range(1.5, 4)));
  const unit = Math.min(w, h);
  for (let index = 0; index < count; index++) {
    const size = unit * word.weight * random.range(0.06, 0.2);
    const x = random.range(0, w);
    const y = random.range(0, h);
    const fill = paint(word.colour, 0.08);
    const opacity = random.range(0.55, 0.9).toFixed(2);
    const rotation = random.range(0, 360).toFixed(0);
    const offsets = tile
      ? [-1, 0, 1].flatMap((dx) => [-1, 0, 1].map((dy) => [dx * w, dy * h] as const))
      : [[0, 0] as const];
    for (const [dx, dy] of offsets) {
      const [cx, cy] = [x + dx, y + dy];
      const shape =
        kind === 0
          ? `<circle cx="${cx}" cy="${cy}" r="${size}"/>`
          : kind === 1
            ? `<rect x="${cx - size}" y="${cy - size / 2}" width="${size * 2}" height="${size}" transform="rotate(${rotation} ${cx} ${cy})"/>`
            : kind === 2
              ? `<polygon points="${cx},${cy - size} ${cx + size},${cy + size} ${cx - size},${cy + size}" transform="rotate(${rotation} ${cx} ${cy})"/>`
              : kind === 3
                ? `<ellipse cx="${cx}" cy="${cy}" rx="${size * 1.6}" ry="${size * 0.5}" transform="rotate(${rotation} ${cx} ${cy})"/>`
                : `<path d="M${cx - size * 2} ${cy} q ${size} ${-size} ${size * 2} 0 t ${size * 2} 0" stroke-width="${Math.max(1, size / 4)}" fill="none"/>`;
      out.push(`<g fill="${fill}" stroke="${kind === 4 ? fill : 'none'}" opacity="${opacity}">${shape}</g>`);
    }
  }
}

/** Pulls every colour toward the nearest colour of the LoRA's palette, as far as its weight says. */
function paletteRemap(style: LoraStyle, weight: number): (rgb: Rgb) => Rgb {
  const palette = style.palette.map((entry) => entry.rgb);
  if (palette.length === 0) return (rgb) => rgb;
  return (rgb) => {
    let nearest = palette[0]!;
    let best = Infinity;
    for (const candidate of palette) {
      const distance = (candidate.r - rgb.r) ** 2 + (candidate.g - rgb.g) ** 2 + (candidate.b - rgb.b) ** 2;
      if (distance < best) [best, nearest] = [distance, candidate];
    }
    const t = Math.min(1, weight);
    return {
      r: rgb.r + (nearest.r - rgb.r) * t,
      g: rgb.g + (nearest.g - rgb.g) * t,
      b: rgb.b + (nearest.b - rgb.b) * t,
    };
  };
}
