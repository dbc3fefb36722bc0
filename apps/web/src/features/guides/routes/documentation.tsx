import { GUIDES, GUIDE_SECTIONS, LIMITS, TERMS, guideOf, type GuideId, withVersion } from '@app/domain';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { BotAnswer } from '../components/bot-answer.tsx';
import { ChannelTable } from '../components/channel-table.tsx';
import { CodeBlock } from '../components/code-block.tsx';
import { SectionCommands } from '../components/command-reference.tsx';
import { GuidePage, GuideSection } from '../components/guide-page.tsx';
import { useCommandRegistry } from '../lib/command-registry.ts';

/** What each guide teaches, in the order the hub presents them. */
const GUIDE_BLURBS: Partial<Record<GuideId, string>> = {
  images: `Prompts, weighting, aspect flags and the ${LIMITS.imageGrid.columns}×${LIMITS.imageGrid.rows} grid, plus editing and fills.`,
  video: `${LIMITS.videoClipSeconds}-second clips, batches and ${LIMITS.movie.seconds}-second movies with music.`,
  audio: `Speech in ${LIMITS.voiceFlags} voices, music and sound effects.`,
  lipsync: 'Make a portrait speak or sing — responsibly.',
  lora: `Train your own model from ${LIMITS.lora.createImages} images in about ${LIMITS.lora.trainingMinutes} minutes.`,
};

export function DocumentationPage() {
  const commands = useCommandRegistry();
  const onGuide = (guide: GuideId) =>
    commands.filter((command) => GUIDE_SECTIONS[command.guide].guide === guide);
  return (
    <GuidePage
      eyebrow="Overview"
      title="Documentation"
      description="How to use every bot command: images, video, audio, lip-sync and LoRA models."
      lead="Everything you make happens in our Discord server: type a slash command in the right channel and the bot does the rest. Pick a guide, or find a command in the list below."
      toc={[
        { id: 'guides', label: 'Guides' },
        { id: 'first-steps', label: 'First steps' },
        { id: 'everyday', label: 'Everyday commands' },
        { id: 'answers', label: 'How the bot answers' },
        { id: 'channels', label: 'Channels' },
        { id: 'all-commands', label: 'All commands' },
        { id: 'rules', label: 'Rules' },
      ]}
    >
      <GuideSection id="guides" title="Guides">
        <ul className="guide-cards">
          {Object.entries(GUIDE_BLURBS).map(([id, blurb]) => {
            const guide = GUIDES[id as GuideId];
            return (
              <li key={id} className="card guide-card">
                <h3>
                  <Link to={withVersion(guide.path)}>{guide.title}</Link>
                </h3>
                <p>{blurb}</p>
                <p className="guide-card-commands">
                  {onGuide(id as GuideId).map((command) => (
                    <code key={command.name}>/{command.name}</code>
                  ))}
                </p>
              </li>
            );
          })}
        </ul>
      </GuideSection>

      <GuideSection id="first-steps" title="First steps">
        <ol className="steps">
          <li>Join the server and pick a channel for what you want to make (see the channel list below).</li>
          <li>
            Type <kbd>/</kbd> and choose a command. The chat client shows its options as you go.
          </li>
          <li>Fill in the options and press Enter. Try this one in an image channel:</li>
        </ol>
        <CodeBlock code="/make prompt: a cosy cabin in a snowy forest, warm windows, (northern lights:1.3) -wide" />
        <p>
          Stuck in the middle of a chat? <code>/help</code> answers with a short overview, only visible to
          you.
        </p>
        <p>
          <code>/info</code> shows your plan, your credits and hypercredits and where each of your jobs stands
          in the queue. <code>/settings</code> sets your defaults with menus and buttons: the aspect your
          image prompts get when they name none (for example <code>-wide</code>), the LoRA weight, and on a
          paid plan whether new creations start private. The studio shows the same settings under{' '}
          <q>Your defaults</q>; a change in one place applies in both.
        </p>
      </GuideSection>

      <GuideSection id="everyday" title="Everyday commands">
        <p>These work in any channel, and their answers are only visible to you.</p>
        <SectionCommands section="everyday" level={3} />
      </GuideSection>

      <GuideSection id="answers" title="How the bot answers">
        <BotAnswer />
      </GuideSection>

      <GuideSection id="channels" title="Channels">
        <p>
          Each command works in channels of its kind. The horror channels are for members aged{' '}
          {TERMS.horrorMinimumAge} or older.
        </p>
        <ChannelTable />
      </GuideSection>

      <GuideSection id="all-commands" title="All commands">
        <div className="table-wrap">
          <table>
            <caption>Every command at a glance</caption>
            <thead>
              <tr>
                <th scope="col">Command</th>
                <th scope="col">What it does</th>
                <th scope="col">Guide</th>
              </tr>
            </thead>
            <tbody>
              {commands.map((command) => {
                const guide = guideOf(command);
                return (
                  <tr key={command.name}>
                    <th scope="row">
                      <code>/{command.name}</code>
                    </th>
                    <td>{command.summary}</td>
                    <td>
                      <Link to={withVersion(guide.href)} aria-label={`${guide.title}: /${command.name}`}>
                        {guide.title.replace(' guide', '')}
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </GuideSection>

      <GuideSection id="rules" title="Rules">
        <p>
          By using the bot you agree to the <Link to={paths.termsOfService.href()}>Terms of Service</Link>,
          and our <Link to={paths.privacyPolicy.href()}>Privacy Policy</Link> explains what we keep. In short:
          you must be at least {TERMS.minimumAge}, what you make is yours, and creations are public unless you
          delete them.
        </p>
      </GuideSection>
    </GuidePage>
  );
}
