import { QUEUED_REPLY, RESULT_BUTTONS } from '../../answers.ts';
import type { BotTexts } from './types.ts';

export const EN: BotTexts = {
  queued: {
    here: QUEUED_REPLY,
    dm: 'Your request is queued. I will send you a direct message when it is ready.',
  },
  place: (position) => (position === 0 ? 'next in line' : `position ${position + 1} in the queue`),
  youAre: (place) => `You are ${place}`,
  wait: (seconds) => {
    if (seconds < 60) return `about ${Math.max(5, Math.ceil(seconds / 5) * 5)} seconds`;
    const minutes = Math.round(seconds / 60);
    return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
  },
  amount: (count, currency) => `${count} ${currency}`,
  and: ' and ',
  free: 'free',
  cost: (price) => `cost: ${price}`,
  mode: { fast: 'fast mode', relax: 'relax mode', turbo: 'turbo mode' },
  autoRelaxed: 'You are out of credits, so this job runs in relax mode at no cost (your setting).',
  running: (progress) => `Running…${progress ? ` ${Math.round(progress * 100)}%` : ''}`,
  done: 'Done',
  refundBy: (timestamp) => `Refunded automatically if not finished by ${timestamp}.`,
  failedRefunded: 'It could not be finished and was refunded.',
  cancelledRefunded: 'It was cancelled and refunded.',
  externalAppsOff:
    'This server has turned off external apps, so Discord shows my answers here only to you. Your result will be visible only to you too.',
  notHere: (command) => `/${command} cannot be used here; try it in a server channel or in a DM with me.`,
  unknownCommand: (command) => `There is no /${command}; type /help for the list.`,
  ready: (mention, command, prompt) =>
    `${mention} your /${command} is ready${prompt ? `: **${prompt}**` : '.'}`,
  failed: (mention, command, reason) => `${mention} your /${command} failed: ${reason}`,
  refunded: (price) => `${price} refunded.`,
  generatorFailed: 'the generator failed.',
  wasCancelled: 'it was cancelled.',
  card: { prompt: 'Prompt', cost: 'Cost', image: (index) => `Image ${index}` },
  // The registry's labels are the English ones.
  resultButtons: Object.fromEntries(
    RESULT_BUTTONS.map((button) => [button.id, button.label]),
  ) as BotTexts['resultButtons'],
  somethingWrong: 'Something went wrong on our side; nothing was charged. Please try again.',
  notEnough: (cost, balance, url) =>
    `Not enough credits: this costs ${cost} and you have ${balance}. Get more at ${url}`,
  buttonGone: 'That button no longer works.',
  notSomethingICanDo: 'This is not something I can do.',
  upload: {
    files: (count) => (count === 1 ? 'Your file' : `Your ${count} files`),
    hint: (types, mib) => `${types}; up to ${mib} MiB each.`,
    wrongType: (file, types) => `${file} is not one of ${types}; nothing was charged.`,
    tooBig: (file, mib) => `${file} is larger than ${mib} MiB; nothing was charged.`,
    wrongCount: (count) => `This needs exactly ${count} file${count === 1 ? '' : 's'}; nothing was charged.`,
    notANumber: (field) => `${field} must be a number; nothing was charged.`,
  },
  help: {
    title: '**Commands**',
    guides: 'Guides',
    optional: 'optional',
    noSuch: (command, url) => `There is no /${command}. Type /help for the list. Guides: ${url}`,
  },
  info: {
    mode: (lane, change) => `Mode: ${lane}${change ? ` (change with ${change})` : ''}`,
    spent: (fast, turbo) => `Spent this period: fast ${fast} · turbo ${turbo}`,
    relaxJobs: (period, today) => `Relax jobs this period: ${period}${today ? ` · ${today}` : ''}`,
    relaxToday: (today, cap) => `today ${today} of ${cap}`,
    title: '**Your account**',
    freePlan: (url) => `Plan: Free · plans: ${url}`,
    plan: (name, details) => `Plan: ${name}${details}`,
    grants: (yearly, price) => `Each ${yearly ? 'year' : 'month'} it grants ${price}.`,
    balances: (credits, hypercredits) => `Credits: ${credits} · Hypercredits: ${hypercredits}`,
    unlimited: 'Unlimited',
    noJobs: 'Jobs in progress: none.',
    jobsTitle: '**Jobs in progress**',
    runningJob: (what, progress) => `• ${what}: running${progress ? ` ${Math.round(progress * 100)}%` : ''}`,
    waitingJob: (what, place) => `• ${what}: ${place}`,
    more: (url) => `…and more in the studio: ${url}`,
    defaults: (aspect, weight, privately) =>
      `Defaults: ${aspect} · LoRA weight ${weight} · new creations ${privately ? 'private' : 'public'} (change with /settings)`,
    standardWeight: 'standard',
  },
};
