import { describe, expect, it } from 'vitest';
import { FREE_PLAN_LANES, planLanesOf, plansWithLane } from './catalog.ts';
import { LANE_TEXTS, laneAllowed, lanesOf, priceInLane, relaxDailyCapOf } from './lanes.ts';
import { dispatchRank, jumpsAhead, laneOfRank, queueClassOfRank } from './queue-classes.ts';

describe('lanes in the catalog', () => {
  it('gives paid plans relax and turbo and the free plan fast only', () => {
    expect(lanesOf('free')).toEqual(['fast']);
    expect(FREE_PLAN_LANES.relax.enabled).toBe(false);
    for (const plan of ['Professional Plan', 'Founders Plan Yearly', 'Founders Image Only Plan'])
      expect(lanesOf(plan)).toEqual(['fast', 'relax', 'turbo']);
    expect(laneAllowed('no such plan', 'relax')).toBe(false);
    expect(plansWithLane('relax')).toEqual([
      'Founders Image Only Plan',
      'Founders Plan',
      'Professional Plan',
    ]);
    expect(planLanesOf('Professional Plan Yearly')).toEqual(planLanesOf('Professional Plan'));
    expect(relaxDailyCapOf('Professional Plan')).toBe(50);
    expect(relaxDailyCapOf('Founders Plan')).toBeNull();
    expect(relaxDailyCapOf('free')).toBeNull();
  });

  it('prices relax at nothing and turbo at twice, in both currencies', () => {
    expect(priceInLane({ credits: 4, hypercredits: 0 }, 'fast')).toEqual({ credits: 4, hypercredits: 0 });
    expect(priceInLane({ credits: 4, hypercredits: 0 }, 'relax')).toEqual({ credits: 0, hypercredits: 0 });
    expect(priceInLane({ credits: 0, hypercredits: 5 }, 'turbo')).toEqual({ credits: 0, hypercredits: 10 });
  });

  it('names the plans that have a lane when refusing it', () => {
    expect(LANE_TEXTS.notInPlan('relax')).toBe(
      'Relax mode comes with the Founders Image Only Plan, Founders Plan, Professional Plan; your plan has fast only. Nothing was changed.',
    );
  });
});

describe('lanes in the dispatch rank', () => {
  it('puts turbo above every fast class, and relax below every fast job, least used first', () => {
    const freeFast = dispatchRank('free', 9_000);
    const paidFast = dispatchRank('paid', 0);
    const foundersFast = dispatchRank('founders-image', 0);
    const paidTurbo = dispatchRank('paid', 5, 'turbo');
    const freeTurbo = dispatchRank('free', 0, 'turbo');
    const relaxUnused = dispatchRank('founders-image', 0, 'relax');
    const relaxUsed = dispatchRank('free', 12, 'relax');
    expect(paidTurbo).toBeGreaterThan(foundersFast);
    expect(freeTurbo).toBeGreaterThan(foundersFast);
    expect(paidTurbo).toBeGreaterThan(paidFast);
    expect(freeFast).toBeGreaterThan(relaxUnused);
    expect(relaxUnused).toBeGreaterThan(relaxUsed);
    expect(relaxUnused).toBe(-1);
    expect(dispatchRank('paid', 1e9, 'relax')).toBe(-10_000);
    expect([laneOfRank(paidTurbo), laneOfRank(paidFast), laneOfRank(relaxUsed)]).toEqual([
      'turbo',
      'fast',
      'relax',
    ]);
    expect([
      queueClassOfRank(paidTurbo),
      queueClassOfRank(foundersFast),
      queueClassOfRank(relaxUsed),
    ]).toEqual(['paid', 'founders-image', 'relax']);
  });

  it('counts fast work and a first relax job as arriving ahead of relax work already waiting', () => {
    expect(jumpsAhead(dispatchRank('free', 3), dispatchRank('paid', 0, 'relax'))).toBe(true);
    expect(jumpsAhead(dispatchRank('paid', 0, 'relax'), dispatchRank('paid', 4, 'relax'))).toBe(true);
    expect(jumpsAhead(dispatchRank('paid', 2, 'relax'), dispatchRank('paid', 4, 'relax'))).toBe(false);
    expect(jumpsAhead(dispatchRank('paid', 0, 'relax'), dispatchRank('free', 0))).toBe(false);
  });
});
