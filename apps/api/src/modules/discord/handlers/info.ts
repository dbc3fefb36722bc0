import { LIVE_SUBSCRIPTION_STATUSES, activeJobsOf } from '@app/db';
import {
  type BotTexts,
  LANE_TEXTS,
  type Price,
  TIER_OPTIONS,
  aspectLabel,
  botTexts,
  formatCredits,
  formatHypercredits,
  planDateWords,
} from '@app/domain';
import { promptOf } from '@app/jobs';
import { queueStandings } from '../../jobs/estimate-wait.ts';
import { toUserSettingsWire } from '../../users/user-settings.ts';
import { laneUsage } from '../../users/set-lane.ts';
import { describeAccountState } from '../../billing/account-state.ts';
import type { CommandHandler } from '../bot-deps.ts';
import { describePrice, ephemeral } from '../messages.ts';
import { message } from '../replies.ts';

const MAX_CONTENT = 2000;
const MAX_JOBS = 10;

/**
 * `/info` answers at once, only to the asker: the plan with its renewal or end date and what it
 * grants each period, both balances (SPEC's display rules), each queued or running job with its
 * place and wait — the studio's numbers — and the person's defaults.
 */
export const info = {
  async run({ deps, user, interaction }) {
    const { db } = deps.database;
    const t = botTexts(interaction.base.locale);
    const [state, jobs, lanes] = await Promise.all([
      describeAccountState({ db, user }),
      activeJobsOf(db, user.id, MAX_JOBS + 1),
      laneUsage({ db, user }),
    ]);
    const standings = await queueStandings(db, deps.settings, jobs.slice(0, MAX_JOBS));
    const live = state.plans.filter((row) => LIVE_SUBSCRIPTION_STATUSES.includes(row.status));
    const plan = live.find((row) => row.tier === user.subscriptionStatus) ?? live[0];
    const tier = TIER_OPTIONS.find((option) => option.tier === user.subscriptionStatus);
    const lines: string[] = [t.info.title];
    if (user.subscriptionStatus === 'free' || !tier) {
      lines.push(t.info.freePlan(`${deps.publicUrl()}/subscription`));
    } else {
      // Never a renewal that will not happen: a failing one is said by its notice below.
      const when = plan ? planDateWords(plan) : null;
      const next = plan?.downgradeTo ? ` · then ${plan.downgradeTo}` : '';
      lines.push(
        t.info.plan(
          user.subscriptionStatus,
          `${plan?.gifted ? ' (gifted)' : ''}${when ? ` · ${when}` : ''}${next}`,
        ),
      );
      lines.push(
        t.info.grants(
          tier.ptype === 'Yearly',
          describePrice({ credits: tier.credits, hypercredits: tier.hypercredits }, t),
        ),
      );
    }
    lines.push(
      t.info.balances(
        grouped(user.credits, t.info.unlimited),
        formatHypercredits(user.hypercredits).toLocaleString('en-US'),
      ),
    );
    // The mode, and what this period used of each lane (fast time is the credits it spent).
    const change = lanes.lanes.length > 1 ? lanes.lanes.map((name) => `/${name}`).join(' ') : '';
    lines.push(t.info.mode(LANE_TEXTS.title[lanes.lane], change));
    lines.push(t.info.spent(spentIn(t, lanes.spent.fast), spentIn(t, lanes.spent.turbo)));
    if (lanes.lanes.includes('relax')) {
      const { period, today, dailyCap } = lanes.relax;
      const todayOfCap = dailyCap != null ? t.info.relaxToday(String(today), String(dailyCap)) : '';
      lines.push(t.info.relaxJobs(String(period), todayOfCap));
    }
    for (const notice of state.notices) {
      lines.push(
        `⚠ ${notice.text}${notice.payNow ? ` Your plan and its open invoice: ${deps.publicUrl()}/subscriptionstatus` : ''}`,
      );
    }
    if (jobs.length === 0) {
      lines.push(t.info.noJobs);
    } else {
      lines.push(t.info.jobsTitle);
      for (const job of jobs.slice(0, MAX_JOBS)) {
        const standing = standings.get(job.id)!;
        const prompt = promptOf(job.options);
        const what = `/${job.command}${prompt ? ` “${clip(prompt, 60)}”` : ''}`;
        const mode = job.lane === 'fast' ? '' : ` (${LANE_TEXTS.inLane(job.lane)})`;
        if (job.status === 'running') {
          lines.push(t.info.runningJob(`${what}${mode}`, job.progress ?? undefined));
        } else {
          const wait = standing.waitSeconds !== undefined ? ` · ${t.wait(standing.waitSeconds)}` : '';
          lines.push(t.info.waitingJob(`${what}${mode}`, `${t.place(standing.position)}${wait}`));
        }
      }
      if (jobs.length > MAX_JOBS) lines.push(t.info.more(`${deps.publicUrl()}/studio/mine`));
    }
    const settings = toUserSettingsWire(user);
    lines.push(
      t.info.defaults(
        aspectLabel(settings.defaultAspect),
        String(settings.defaultLoraWeight ?? t.info.standardWeight),
        settings.privateByDefault,
      ),
    );
    return message(ephemeral(clip(lines.join('\n'), MAX_CONTENT)));
  },
} satisfies CommandHandler;

/** What a lane spent this period, zero included: "0 credits", "40 credits and 2 hypercredits". */
const spentIn = (t: BotTexts, amount: Price) =>
  (['credits', 'hypercredits'] as const)
    .filter((currency) => currency === 'credits' || amount[currency] > 0)
    .map((currency) => t.amount(amount[currency], currency))
    .join(t.and);

/** Credits as the web shows them in text: grouped (2,500), or Unlimited. */
const grouped = (credits: number, unlimited: string) =>
  formatCredits(credits) === 'Unlimited' ? unlimited : credits.toLocaleString('en-US');

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
