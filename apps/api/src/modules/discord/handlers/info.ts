import { activeJobsOf, listLiveSubscriptionRows } from '@app/db';
import {
  TIER_OPTIONS,
  aspectLabel,
  describeWait,
  formatCredits,
  formatEpochDate,
  formatHypercredits,
} from '@app/domain';
import { promptOf } from '@app/jobs';
import { queueStandings } from '../../jobs/estimate-wait.ts';
import { toUserSettingsWire } from '../../users/user-settings.ts';
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
  async run({ deps, user }) {
    const { db } = deps.database;
    const [subscriptions, jobs] = await Promise.all([
      listLiveSubscriptionRows(db, user.id),
      activeJobsOf(db, user.id, MAX_JOBS + 1),
    ]);
    const standings = await queueStandings(db, deps.settings, jobs.slice(0, MAX_JOBS));
    const plan = subscriptions.find((row) => row.tier === user.subscriptionStatus) ?? subscriptions[0];
    const tier = TIER_OPTIONS.find((option) => option.tier === user.subscriptionStatus);
    const lines: string[] = ['**Your account**'];
    if (user.subscriptionStatus === 'free' || !tier) {
      lines.push(`Plan: free · plans: ${deps.publicUrl()}/subscription`);
    } else {
      const end = plan?.currentPeriodEnd
        ? formatEpochDate(Math.floor(plan.currentPeriodEnd.getTime() / 1000))
        : null;
      const renews = plan && !plan.cancelAtPeriodEnd && !plan.gifted;
      const when = end ? ` · ${renews ? 'renews' : 'ends'} on ${end}` : '';
      const next = plan?.downgradeTo ? ` · then ${plan.downgradeTo}` : '';
      lines.push(`Plan: ${user.subscriptionStatus}${plan?.gifted ? ' (gifted)' : ''}${when}${next}`);
      lines.push(
        `Each ${tier.ptype === 'Yearly' ? 'year' : 'month'} it grants ${describePrice({ credits: tier.credits, hypercredits: tier.hypercredits })}.`,
      );
    }
    lines.push(
      `Credits: ${formatCredits(user.credits)} · Hypercredits: ${formatHypercredits(user.hypercredits)}`,
    );
    if (jobs.length === 0) {
      lines.push('Jobs in progress: none.');
    } else {
      lines.push('**Jobs in progress**');
      for (const job of jobs.slice(0, MAX_JOBS)) {
        const standing = standings.get(job.id)!;
        const prompt = promptOf(job.options);
        const what = `/${job.command}${prompt ? ` “${clip(prompt, 60)}”` : ''}`;
        if (job.status === 'running') {
          lines.push(`• ${what}: running${job.progress ? ` ${Math.round(job.progress * 100)}%` : ''}`);
        } else {
          const place =
            standing.position === 0 ? 'next in line' : `position ${standing.position + 1} in the queue`;
          const wait = standing.waitSeconds !== undefined ? ` · ${describeWait(standing.waitSeconds)}` : '';
          lines.push(`• ${what}: ${place}${wait}`);
        }
      }
      if (jobs.length > MAX_JOBS) lines.push(`…and more in the studio: ${deps.publicUrl()}/studio/mine`);
    }
    const settings = toUserSettingsWire(user);
    lines.push(
      `Defaults: ${aspectLabel(settings.defaultAspect)} · LoRA weight ${settings.defaultLoraWeight ?? 'standard'} · ` +
        `new creations ${settings.privateByDefault ? 'private' : 'public'} (change with /settings)`,
    );
    return message(ephemeral(clip(lines.join('\n'), MAX_CONTENT)));
  },
} satisfies CommandHandler;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
