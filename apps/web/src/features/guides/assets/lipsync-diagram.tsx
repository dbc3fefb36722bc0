/** A portrait plus a voice file makes a speaking video. */
export function LipSyncDiagram() {
  return (
    <figure className="illustration">
      <svg viewBox="0 0 560 150" role="img" aria-labelledby="lipsync-title">
        <title id="lipsync-title">
          An uploaded portrait plus an uploaded audio file become a lip-synced video
        </title>
        <g>
          <rect
            x="10"
            y="20"
            width="110"
            height="110"
            rx="10"
            fill="#182049"
            stroke="#8b93ff"
            strokeWidth="2"
          />
          <circle cx="65" cy="62" r="22" fill="#aab3d6" />
          <path d="M30 128 C35 95 95 95 100 128 Z" fill="#aab3d6" />
          <text x="65" y="146" textAnchor="middle" className="svg-sublabel">
            image
          </text>
        </g>
        <text x="145" y="80" textAnchor="middle" className="svg-label">
          +
        </text>
        <g>
          <rect
            x="170"
            y="45"
            width="130"
            height="60"
            rx="10"
            fill="#182049"
            stroke="#22d3ee"
            strokeWidth="2"
          />
          {Array.from({ length: 14 }, (_, index) => {
            const height = 8 + ((index * 37) % 30);
            return (
              <rect
                key={index}
                x={180 + index * 8.4}
                y={75 - height / 2}
                width="4"
                height={height}
                rx="2"
                fill="#22d3ee"
              />
            );
          })}
          <text x="235" y="146" textAnchor="middle" className="svg-sublabel">
            audio
          </text>
        </g>
        <path d="M320 75 H380 M368 63 L382 75 L368 87" stroke="#aab3d6" strokeWidth="3" fill="none" />
        <g>
          <rect
            x="400"
            y="20"
            width="150"
            height="110"
            rx="10"
            fill="#182049"
            stroke="#ec4899"
            strokeWidth="2"
          />
          <circle cx="475" cy="60" r="22" fill="#aab3d6" />
          <ellipse cx="475" cy="70" rx="7" ry="4" fill="#0b1026" />
          <path d="M440 128 C445 95 505 95 510 128 Z" fill="#aab3d6" />
          <path d="M410 32 L424 40 L410 48 Z" fill="#ec4899" />
          <text x="475" y="146" textAnchor="middle" className="svg-sublabel">
            video
          </text>
        </g>
      </svg>
    </figure>
  );
}
