import type { JSX } from 'react';

/**
 * Sample images for the LoRA guide: small generated scenes drawn in SVG, one per example model.
 * Each one is a self-contained picture so it can be shown as a thumbnail and, larger, in a modal.
 */
export interface LoraSample {
  id: string;
  model: string;
  prompt: string;
  weight: number;
  alt: string;
  Art: () => JSX.Element;
}

function MoonlitPeaks() {
  return (
    <>
      <rect width="200" height="200" fill="#0f1640" />
      <circle cx="148" cy="52" r="22" fill="#f5e6b8" />
      <circle cx="140" cy="48" r="22" fill="#0f1640" opacity="0.15" />
      <path d="M0 150 L45 80 L75 120 L110 60 L160 130 L200 95 V200 H0 Z" fill="#3b3f8f" />
      <path d="M0 170 L40 130 L80 160 L130 115 L200 165 V200 H0 Z" fill="#262a6b" />
      <path d="M102 73 L110 60 L119 74 L112 70 Z" fill="#e8ebf7" />
      <path d="M0 185 Q100 170 200 188 V200 H0 Z" fill="#161b4a" />
    </>
  );
}

function InkBamboo() {
  return (
    <>
      <rect width="200" height="200" fill="#f1ead8" />
      {[40, 88, 130].map((x, index) => (
        <g key={x}>
          <rect x={x} y="0" width={10 - index * 2} height="200" fill="#2d3a2e" opacity={0.9 - index * 0.2} />
          {[50, 110, 165].map((y) => (
            <rect key={y} x={x - 2} y={y} width={14 - index * 2} height="3" fill="#f1ead8" />
          ))}
          <path d={`M${x + 8} ${60 + index * 20} q30 -14 52 -4 q-26 4 -52 4`} fill="#2d3a2e" opacity="0.8" />
          <path d={`M${x} ${120 + index * 10} q-30 -10 -46 4 q22 0 46 -4`} fill="#2d3a2e" opacity="0.7" />
        </g>
      ))}
      <circle cx="168" cy="34" r="12" fill="#b91c1c" opacity="0.85" />
    </>
  );
}

function NeonCity() {
  const towers = [
    [8, 90, 26],
    [36, 60, 30],
    [70, 110, 22],
    [96, 40, 34],
    [134, 85, 28],
    [166, 55, 30],
  ];
  return (
    <>
      <rect width="200" height="200" fill="#140a2e" />
      <circle cx="100" cy="120" r="60" fill="#ec4899" opacity="0.35" />
      {towers.map(([x, top, width]) => (
        <g key={x}>
          <rect
            x={x}
            y={top}
            width={width}
            height={200 - top!}
            fill="#1e1450"
            stroke="#8b93ff"
            strokeWidth="1.5"
          />
          {Array.from({ length: 5 }, (_, row) => (
            <rect
              key={row}
              x={x! + 5}
              y={top! + 10 + row * 16}
              width={width! - 10}
              height="3"
              fill="#22d3ee"
              opacity="0.7"
            />
          ))}
        </g>
      ))}
      <rect x="0" y="180" width="200" height="20" fill="#ec4899" opacity="0.5" />
    </>
  );
}

function PaperFox() {
  return (
    <>
      <rect width="200" height="200" fill="#1b2a4a" />
      <circle cx="100" cy="100" r="78" fill="#22365f" />
      <path d="M60 70 L78 40 L92 78 Z" fill="#f97316" />
      <path d="M140 70 L122 40 L108 78 Z" fill="#ea580c" />
      <path d="M60 70 L100 75 L140 70 L100 140 Z" fill="#fb923c" />
      <path d="M100 75 L140 70 L100 140 Z" fill="#f97316" />
      <path d="M80 108 L100 140 L120 108 L100 118 Z" fill="#fff7ed" />
      <circle cx="86" cy="92" r="4" fill="#1b2a4a" />
      <circle cx="114" cy="92" r="4" fill="#1b2a4a" />
      <path d="M96 134 L100 140 L104 134 Z" fill="#1b2a4a" />
    </>
  );
}

export const LORA_SAMPLES: readonly LoraSample[] = [
  {
    id: 'moonlit-peaks',
    model: 'MoonPeaks',
    prompt: 'snowy mountain range under a full moon -lora MoonPeaks -wide',
    weight: 0.85,
    alt: 'Layered indigo mountains under a pale full moon, one snow-capped peak catching the light',
    Art: MoonlitPeaks,
  },
  {
    id: 'ink-bamboo',
    model: 'InkWash',
    prompt: 'bamboo grove, (ink wash:1.3), red seal stamp -lora InkWash -loraweight 0.7',
    weight: 0.7,
    alt: 'Three dark ink bamboo stalks with brushed leaves on cream paper and a small red seal',
    Art: InkBamboo,
  },
  {
    id: 'neon-city',
    model: 'NeonNights',
    prompt: 'skyline at night, glowing windows -lora NeonNights -loraweight 1',
    weight: 1,
    alt: 'A purple night skyline with cyan-lit windows and a pink glow rising behind the towers',
    Art: NeonCity,
  },
  {
    id: 'paper-fox',
    model: 'PaperCraft',
    prompt: 'a fox made of folded paper -lora PaperCraft -loraweight 0.5 -tile',
    weight: 0.5,
    alt: 'An orange origami fox face made of flat folded triangles on a deep blue circle',
    Art: PaperFox,
  },
];

/** The sample as an image with its alt text, or as decoration when a label nearby names it. */
export function LoraArt({ sample, decorative = false }: { sample: LoraSample; decorative?: boolean }) {
  const { Art } = sample;
  const a11y = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': sample.alt };
  return (
    <svg viewBox="0 0 200 200" className="lora-art" focusable="false" {...a11y}>
      <Art />
    </svg>
  );
}
