/**
 * Everything the bot says in its own words, as one record per language. English (`en.ts`) is the
 * reference; every other language is typed `BotTexts` too, so a sentence added here without its
 * translations fails the typecheck, and `bot-texts.test.ts` fails on one left in English.
 */
export interface BotTexts {
  /** "Your request is queued…": the queued answer's first line after `/command: `. */
  queued: { here: string; dm: string };
  /** A job's place in line (0: next). */
  place(position: number): string;
  /** The queued answer's second line while it waits, from its place. */
  youAre(place: string): string;
  /** About how long until it starts (`describeWait`'s words). */
  wait(seconds: number): string;
  /** An amount of one currency: "4 credits", "1 hypercredit". */
  amount(count: number, currency: 'credits' | 'hypercredits'): string;
  /** Joins the two currencies of a price ("4 credits and 2 hypercredits"). */
  and: string;
  /** A price of nothing. */
  free: string;
  cost(price: string): string;
  /** The lane a job runs in, named in its answer: "fast mode". */
  mode: Readonly<Record<'fast' | 'relax' | 'turbo', string>>;
  /** Out of credits with relax-when-out on: the job went to relax. */
  autoRelaxed: string;
  running(progress: number | undefined): string;
  done: string;
  refundBy(timestamp: string): string;
  failedRefunded: string;
  cancelledRefunded: string;
  /** A server that turned off external apps: Discord shows the app's answers only to the asker. */
  externalAppsOff: string;
  /** A command used where its registration does not offer it. */
  notHere(command: string): string;
  unknownCommand(command: string): string;
  /** The result's first line: `mention` pings the asker. */
  ready(mention: string, command: string, prompt: string | undefined): string;
  failed(mention: string, command: string, reason: string): string;
  refunded(price: string): string;
  generatorFailed: string;
  wasCancelled: string;
  /** The labels on a result card. */
  card: { prompt: string; cost: string; image(index: number): string };
  resultButtons: { love: string; edit: string; reroll: string; delete: string; vary: string; gif: string };
  somethingWrong: string;
  notEnough(cost: string, balance: string, url: string): string;
  buttonGone: string;
  notSomethingICanDo: string;
  /** The upload form (Discord's File Upload in a modal) and its refusals; nothing is charged. */
  upload: {
    files(count: number): string;
    hint(types: string, mib: number): string;
    wrongType(file: string, types: string): string;
    tooBig(file: string, mib: number): string;
    wrongCount(count: number): string;
    notANumber(field: string): string;
  };
  /** `/help`. */
  help: { title: string; guides: string; optional: string; noSuch(command: string, url: string): string };
  /** `/info`. */
  info: {
    title: string;
    /** The mode (lane), and the commands that change it where the plan has more than one. */
    mode(lane: string, change: string): string;
    /** Credits spent this period in fast and in turbo. */
    spent(fast: string, turbo: string): string;
    /** Relax jobs this period, and today's count against the plan's daily cap (`relaxToday`) if any. */
    relaxJobs(period: string, today: string): string;
    relaxToday(today: string, cap: string): string;
    freePlan(url: string): string;
    plan(name: string, details: string): string;
    grants(yearly: boolean, price: string): string;
    balances(credits: string, hypercredits: string): string;
    unlimited: string;
    noJobs: string;
    jobsTitle: string;
    runningJob(what: string, progress: number | undefined): string;
    waitingJob(what: string, place: string): string;
    more(url: string): string;
    defaults(aspect: string, weight: string, privately: boolean): string;
    standardWeight: string;
  };
}
