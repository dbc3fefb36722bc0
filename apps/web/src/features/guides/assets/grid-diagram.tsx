import { LIMITS, RESULT_BUTTONS } from '@app/domain';

/** The 2×2 grid /make answers with, and the buttons under it. */
export function GridDiagram() {
  const { columns, rows } = LIMITS.imageGrid;
  const cell = 70;
  const gap = 6;
  const gridWidth = columns * cell + (columns - 1) * gap;
  const hues = ['#6366f1', '#ec4899', '#22d3ee', '#f59e0b'];
  return (
    <figure className="illustration illustration-small">
      <svg
        viewBox={`0 0 ${gridWidth + 20} ${rows * cell + (rows - 1) * gap + 70}`}
        role="img"
        aria-labelledby="grid-title"
      >
        <title id="grid-title">{`A ${columns}×${rows} grid of four images with ${RESULT_BUTTONS.length} buttons underneath`}</title>
        {Array.from({ length: rows }, (_, row) =>
          Array.from({ length: columns }, (_, col) => {
            const x = 10 + col * (cell + gap);
            const y = 10 + row * (cell + gap);
            const hue = hues[(row * columns + col) % hues.length]!;
            return (
              <g key={`${row}-${col}`}>
                <rect x={x} y={y} width={cell} height={cell} rx="6" fill="#182049" stroke="#2a3468" />
                <circle cx={x + cell * 0.68} cy={y + cell * 0.32} r={cell * 0.12} fill={hue} />
                <path
                  d={`M${x + 4} ${y + cell - 4} L${x + cell * 0.35} ${y + cell * 0.5} L${x + cell - 4} ${y + cell - 4} Z`}
                  fill={hue}
                  opacity="0.6"
                />
                <text x={x + 8} y={y + 18} className="svg-sublabel">
                  {row * columns + col + 1}
                </text>
              </g>
            );
          }),
        )}
        {RESULT_BUTTONS.map((button, index) => (
          <g key={button.id}>
            <rect
              x={10 + index * 25}
              y={rows * (cell + gap) + 16}
              width="21"
              height="21"
              rx="5"
              fill="#131a3a"
              stroke="#2a3468"
            />
            <text x={20.5 + index * 25} y={rows * (cell + gap) + 31} textAnchor="middle" fontSize="11">
              {button.emoji}
            </text>
          </g>
        ))}
      </svg>
      <figcaption>One prompt, four takes, and the result buttons.</figcaption>
    </figure>
  );
}
