import { LIMITS } from '@app/domain';

/** The denoising range as a scale from "a light touch" to "almost entirely new". */
export function DenoiseScale() {
  const { min, max } = LIMITS.denoise;
  const steps = Math.round((max - min) * 10) + 1;
  return (
    <figure className="illustration illustration-small">
      <svg viewBox="0 0 360 80" role="img" aria-labelledby="denoise-title">
        <title id="denoise-title">{`Denoising from ${min}, about 10% change, to ${max}, almost entirely new`}</title>
        <defs>
          <linearGradient id="denoise-gradient" x1="0" x2="1">
            <stop offset="0" stopColor="#6366f1" />
            <stop offset="1" stopColor="#ec4899" />
          </linearGradient>
        </defs>
        <rect x="10" y="14" width="340" height="14" rx="7" fill="url(#denoise-gradient)" />
        {Array.from({ length: steps }, (_, index) => {
          const value = Math.round((min + index / 10) * 10) / 10;
          const x = 10 + (index / (steps - 1)) * 340;
          return (
            <g key={value}>
              <line x1={x} x2={x} y1="30" y2="38" stroke="#aab3d6" />
              <text x={x} y="52" textAnchor="middle" className="svg-sublabel">
                {value}
              </text>
            </g>
          );
        })}
        <text x="10" y="74" className="svg-sublabel">
          light touch
        </text>
        <text x="350" y="74" textAnchor="end" className="svg-sublabel">
          almost new
        </text>
      </svg>
    </figure>
  );
}
