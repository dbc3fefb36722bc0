import { describe, expect, it } from 'vitest';
import {
  QUEUE_CLASSES,
  ROUNDS_PER_CLASS,
  dispatchRank,
  jumpsAhead,
  queueClassOf,
  queueClassOfRank,
  queueLimitsOf,
} from './queue-classes.ts';

describe('queue classes', () => {
  it('puts Founders Image Only first on images only, paid plans above free everywhere', () => {
    expect(queueClassOf('Founders Image Only Plan', 'image')).toBe('founders-image');
    expect(queueClassOf('Founders Image Only Plan Yearly', 'image')).toBe('founders-image');
    expect(queueClassOf('Founders Image Only Plan', 'video')).toBe('paid');
    expect(queueClassOf('Founders Plan', 'image')).toBe('paid');
    expect(queueClassOf('Professional Plan Yearly', 'audio')).toBe('paid');
    expect(queueClassOf('free', 'image')).toBe('free');
    expect(queueClassOf('', 'image')).toBe('free');
  });

  it('ranks each round one lower than the one before, down to the last (as the submission computes it)', () => {
    for (const queueClass of Object.keys(QUEUE_CLASSES) as (keyof typeof QUEUE_CLASSES)[]) {
      const first = dispatchRank(queueClass, 0);
      const last = dispatchRank(queueClass, ROUNDS_PER_CLASS - 1);
      for (const round of [0, 1, 2, 7, ROUNDS_PER_CLASS - 2, ROUNDS_PER_CLASS - 1, ROUNDS_PER_CLASS * 3]) {
        expect(dispatchRank(queueClass, round)).toBe(Math.max(last, first - round));
      }
    }
  });

  it('ranks a class above any round of the class below it', () => {
    const deepFounders = dispatchRank('founders-image', ROUNDS_PER_CLASS * 3);
    expect(deepFounders).toBeGreaterThan(dispatchRank('paid', 0));
    expect(dispatchRank('paid', 500)).toBeGreaterThan(dispatchRank('free', 0));
  });

  it("ranks a person's n-th job after everyone's (n-1)-th within a class", () => {
    const flooder = [0, 1, 2, 3, 4, 5, 6, 7].map((round) => dispatchRank('free', round));
    const newcomer = dispatchRank('free', 0);
    expect(flooder[0]).toBe(newcomer);
    for (const rank of flooder.slice(1)) expect(rank).toBeLessThan(newcomer);
    expect([...flooder].sort((a, b) => b - a)).toEqual(flooder);
  });

  it('reads the class back from a rank, and no per-person limit reaches the next class', () => {
    for (const queueClass of ['founders-image', 'paid', 'free'] as const) {
      expect(queueClassOfRank(dispatchRank(queueClass, 0))).toBe(queueClass);
      expect(queueClassOfRank(dispatchRank(queueClass, 9_999))).toBe(queueClass);
    }
    for (const rule of Object.values(QUEUE_CLASSES)) expect(rule.active).toBeLessThan(ROUNDS_PER_CLASS);
  });

  it('gives paid plans more room in the queue than free accounts', () => {
    expect(queueLimitsOf('Professional Plan').active).toBeGreaterThan(queueLimitsOf('free').active);
    expect(queueLimitsOf('Founders Image Only Plan').running).toBeGreaterThanOrEqual(
      queueLimitsOf('Professional Plan').running,
    );
  });

  it('knows which later jobs go before a waiting one: a higher class, or a newcomer ahead of a later round', () => {
    const freeFirst = dispatchRank('free', 0);
    const freeThird = dispatchRank('free', 2);
    expect(jumpsAhead(dispatchRank('paid', 3), freeFirst)).toBe(true);
    expect(jumpsAhead(freeFirst, freeThird)).toBe(true);
    // Someone's second job is ahead of a third one only because it waits already.
    expect(jumpsAhead(dispatchRank('free', 1), freeThird)).toBe(false);
    // The same rank goes after: by age.
    expect(jumpsAhead(freeFirst, freeFirst)).toBe(false);
    expect(jumpsAhead(freeFirst, dispatchRank('paid', 0))).toBe(false);
  });
});
