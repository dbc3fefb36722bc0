import { LIMITS, commandAnchor } from '@app/domain';
import { MovieTimeline } from '../assets/movie-timeline.tsx';
import { CommandReference } from '../components/command-reference.tsx';
import { GuidePage, GuideSection } from '../components/guide-page.tsx';
import { useSectionCommands } from '../lib/command-registry.ts';

export function VideoGuidePage() {
  const commands = useSectionCommands('video');
  return (
    <GuidePage
      eyebrow="Video"
      title="Making video"
      description="Short clips, varied batches, raw model access and movies with music."
      lead={`From a ${LIMITS.videoClipSeconds}-second clip to a ${LIMITS.movie.seconds}-second movie of ${LIMITS.movie.scenes} scenes with a soundtrack. Use these commands in a video channel.`}
      toc={commands.map((command) => ({ id: commandAnchor(command.name), label: `/${command.name}` }))}
    >
      <GuideSection id="which" title="Which command?">
        <div className="table-wrap">
          <table>
            <caption>Video commands compared</caption>
            <thead>
              <tr>
                <th scope="col">Command</th>
                <th scope="col">Best for</th>
              </tr>
            </thead>
            <tbody>
              {commands.map((command) => (
                <tr key={command.name}>
                  <th scope="row">
                    <a href={`#${commandAnchor(command.name)}`}>
                      <code>/{command.name}</code>
                    </a>
                  </th>
                  <td>{command.summary}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          Good video prompts describe motion as well as the scene:{' '}
          <em>what moves, how fast, and where the camera goes</em>.
        </p>
      </GuideSection>
      {commands.map((command) => (
        <div key={command.name}>
          <CommandReference command={command} />
          {command.name === 'movie' && <MovieTimeline />}
        </div>
      ))}
    </GuidePage>
  );
}
