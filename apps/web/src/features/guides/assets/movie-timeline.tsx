import { LIMITS, MOVIE_SCENE_SECONDS } from '@app/domain';

const SCENE_COLORS = ['#6366f1', '#8b5cf6', '#ec4899', '#f59e0b'];

/** A movie's timeline: its scenes side by side over one music track. */
export function MovieTimeline() {
  const { seconds, scenes } = LIMITS.movie;
  const width = 600;
  const left = 70;
  const span = width - left - 10;
  const wave = Array.from({ length: 60 }, (_, index) => {
    const x = left + (index / 59) * span;
    const amplitude = 6 + 5 * Math.sin(index / 3) * Math.cos(index / 7);
    return `${index === 0 ? 'M' : 'L'}${x.toFixed(1)} ${(112 - amplitude).toFixed(1)} L${x.toFixed(1)} ${(112 + amplitude).toFixed(1)}`;
  }).join(' ');
  return (
    <figure className="illustration">
      <svg viewBox={`0 0 ${width} 160`} role="img" aria-labelledby="movie-title">
        <title id="movie-title">{`A ${seconds}-second movie: ${scenes} scenes of ${MOVIE_SCENE_SECONDS} seconds over one music track`}</title>
        <text x="0" y="56" className="svg-sublabel">
          Scenes
        </text>
        <text x="0" y="116" className="svg-sublabel">
          Music
        </text>
        {Array.from({ length: scenes }, (_, index) => {
          const x = left + (index * span) / scenes;
          return (
            <g key={index}>
              <rect
                x={x + 2}
                y="30"
                width={span / scenes - 4}
                height="40"
                rx="6"
                fill={SCENE_COLORS[index % SCENE_COLORS.length]}
                opacity="0.85"
              />
              <text x={x + span / scenes / 2} y="55" textAnchor="middle" className="svg-label svg-on-color">
                Scene {index + 1}
              </text>
            </g>
          );
        })}
        <path d={wave} stroke="#22d3ee" strokeWidth="2" fill="none" />
        {Array.from({ length: scenes + 1 }, (_, index) => {
          const x = left + (index * span) / scenes;
          return (
            <text key={index} x={x} y="150" textAnchor="middle" className="svg-sublabel">
              {index * MOVIE_SCENE_SECONDS}s
            </text>
          );
        })}
      </svg>
      <figcaption>
        {scenes} scenes of about {MOVIE_SCENE_SECONDS} seconds make {seconds} seconds, scored with one music
        track.
      </figcaption>
    </figure>
  );
}
