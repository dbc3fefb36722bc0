import type { Result } from 'lighthouse';

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

interface NodeItem {
  node?: { snippet?: string; explanation?: string };
  phase?: string;
  timing?: number;
}

/** Prints why a page scored as it did: its metrics, its LCP element and failing audits. */
export function explain(page: string, lhr: Result) {
  if (lhr.runtimeError)
    console.log(`${page}: runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const audits = lhr.audits;
  for (const id of METRICS)
    console.log(`${page} ${id}: ${audits[id]?.displayValue} (score ${audits[id]?.score})`);
  const lcp = audits['largest-contentful-paint-element']?.details as
    { items?: { items?: NodeItem[] }[] } | undefined;
  for (const group of lcp?.items ?? []) {
    for (const item of group.items ?? []) {
      console.log(
        `${page} LCP ${item.node?.snippet ?? ''}${item.phase ? `${item.phase} ${Math.round(item.timing ?? 0)} ms` : ''}`,
      );
    }
  }
  for (const audit of Object.values(audits)) {
    if (audit.score === null || audit.score >= 0.9 || audit.scoreDisplayMode !== 'binary') continue;
    console.log(`${page} failing: ${audit.id}: ${audit.title}`);
    const items = (audit.details as { items?: NodeItem[] } | undefined)?.items ?? [];
    for (const item of items.slice(0, 6)) {
      console.log(`    ${item.node?.snippet ?? ''} ${item.node?.explanation?.split('\n')[1] ?? ''}`);
    }
  }
}
