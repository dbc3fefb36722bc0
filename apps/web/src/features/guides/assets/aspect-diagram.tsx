import { ASPECT_FLAGS } from '@app/domain';

const BOX = 120;

/** Each aspect flag as a shape drawn to scale, generated from the registry's ratios. */
export function AspectDiagram() {
  return (
    <figure className="illustration">
      <svg
        viewBox={`0 0 ${ASPECT_FLAGS.length * (BOX + 24)} ${BOX + 56}`}
        role="img"
        aria-labelledby="aspect-diagram-title"
        className="aspect-diagram"
      >
        <title id="aspect-diagram-title">
          {`The shapes of the aspect flags: ${ASPECT_FLAGS.map((flag) => `${flag.flag} ${flag.ratio?.join(':')}`).join(', ')}`}
        </title>
        {ASPECT_FLAGS.map((flag, index) => {
          const [w, h] = flag.ratio ?? [1, 1];
          const scale = BOX / Math.max(w, h);
          const width = w * scale;
          const height = h * scale;
          const x = index * (BOX + 24) + 12 + (BOX - width) / 2;
          const y = (BOX - height) / 2 + 8;
          const tile = flag.flag === '-tile';
          return (
            <g key={flag.flag}>
              <rect
                x={x}
                y={y}
                width={width}
                height={height}
                rx="6"
                fill="#182049"
                stroke="#8b93ff"
                strokeWidth="2"
              />
              {tile &&
                [0, 1, 2].flatMap((row) =>
                  [0, 1, 2].map((col) => (
                    <circle
                      key={`${row}-${col}`}
                      cx={x + width / 6 + (col * width) / 3}
                      cy={y + height / 6 + (row * height) / 3}
                      r={width / 10}
                      fill="none"
                      stroke="#ec4899"
                      strokeWidth="2"
                    />
                  )),
                )}
              {!tile && (
                <path
                  d={`M${x + 6} ${y + height - 6} L${x + width * 0.4} ${y + height * 0.45} L${x + width * 0.6} ${y + height * 0.7} L${x + width * 0.78} ${y + height * 0.5} L${x + width - 6} ${y + height - 6} Z`}
                  fill="#6366f1"
                  opacity="0.7"
                />
              )}
              <text
                x={index * (BOX + 24) + 12 + BOX / 2}
                y={BOX + 34}
                textAnchor="middle"
                className="svg-label"
              >
                {flag.flag}
              </text>
              <text
                x={index * (BOX + 24) + 12 + BOX / 2}
                y={BOX + 52}
                textAnchor="middle"
                className="svg-sublabel"
              >
                {flag.ratio?.join(':')}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        Without a flag the images are square. The tile flag makes a square that repeats seamlessly.
      </figcaption>
    </figure>
  );
}
