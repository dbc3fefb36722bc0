import { LIMITS } from '@app/domain';

const FILLS = [
  { command: '/filltall', top: true, side: false },
  { command: '/fillwide', top: false, side: true },
  { command: '/fillboth', top: true, side: true },
];

/** Where each fill command adds its pixels around the original image. */
export function FillDiagram() {
  const base = 60;
  const add = 22;
  const slot = 170;
  return (
    <figure className="illustration">
      <svg viewBox={`0 0 ${FILLS.length * slot} 160`} role="img" aria-labelledby="fill-title">
        <title id="fill-title">{`Generative fill adds ${LIMITS.fillPixels} pixels: above and below for /filltall, left and right for /fillwide, all sides for /fillboth`}</title>
        {FILLS.map((fill, index) => {
          const cx = index * slot + slot / 2;
          const cy = 68;
          const outerW = base + (fill.side ? add * 2 : 0);
          const outerH = base + (fill.top ? add * 2 : 0);
          return (
            <g key={fill.command}>
              <rect
                x={cx - outerW / 2}
                y={cy - outerH / 2}
                width={outerW}
                height={outerH}
                rx="4"
                fill="#ec4899"
                opacity="0.25"
                stroke="#ec4899"
                strokeDasharray="4 3"
              />
              <rect
                x={cx - base / 2}
                y={cy - base / 2}
                width={base}
                height={base}
                rx="4"
                fill="#182049"
                stroke="#8b93ff"
                strokeWidth="2"
              />
              <text x={cx} y={cy + 4} textAnchor="middle" className="svg-sublabel">
                yours
              </text>
              <text x={cx} y={140} textAnchor="middle" className="svg-label">
                {fill.command}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        Your image stays in the middle; the shaded bands are the {LIMITS.fillPixels} px the bot paints on each
        side that grows.
      </figcaption>
    </figure>
  );
}
