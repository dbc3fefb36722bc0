// The community the fleet bench simulates: a flood by a few free accounts with newcomers arriving
// one job at a time in the middle of it, then 300 people (70% free, 20% Professional, 10% Founders
// Image Only) arriving in three bursts; in the mixed scenario, paid members flooding relax besides.
// Seeded, so both dispatchers get the same workload.
export type Plan = 'free' | 'professional' | 'founders';
export type Role = 'flooder' | 'single' | 'crowd' | 'relaxer';

export interface Person {
  name: string;
  plan: Plan;
  role: Role;
}

export interface Arrival {
  person: Person;
  atMs: number;
  jobs: number;
  /** Relax jobs (the mixed scenario's paid people); fast otherwise. */
  relax?: boolean;
}

export interface Workload {
  people: Person[];
  arrivals: Arrival[];
  /** When one host is killed, and how long it stays away. */
  killAtMs: number;
  downMs: number;
  /** The flood's submissions are all in by then. */
  floodInMs: number;
}

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * The mixed scenario: the same community's fast work, and paid members flooding relax while it
 * runs — eight of them (half Professional, half Founders), 24 relax jobs each, arriving one every
 * five seconds from the start, so relax work waits for the idle slots fast work leaves.
 */
export const RELAXERS = { people: 8, jobs: 24, everyMs: 5_000 };

export function buildWorkload(pace = 1, options: { relax?: boolean } = {}): Workload {
  const at = (ms: number) => Math.round(ms * pace);
  const next = random(21);
  const people: Person[] = [];
  const arrivals: Arrival[] = [];
  // The flood: four free accounts queue 15 jobs each, one after the other.
  for (let i = 0; i < 4; i++) {
    const person: Person = { name: `flooder-${i}`, plan: 'free', role: 'flooder' };
    people.push(person);
    arrivals.push({ person, atMs: at(i * 300), jobs: 15 });
  }
  // Newcomers with a single job, one a second while the flood runs.
  for (let i = 0; i < 8; i++) {
    const person: Person = { name: `single-${i}`, plan: 'free', role: 'single' };
    people.push(person);
    arrivals.push({ person, atMs: at(2_000 + i * 1_000), jobs: 1 });
  }
  // The community: three bursts of 100 people, one job each (one in ten sends two).
  for (let burst = 0; burst < 3; burst++) {
    for (let i = 0; i < 100; i++) {
      const plan: Plan = i % 10 === 0 ? 'founders' : i % 10 <= 2 ? 'professional' : 'free';
      const person: Person = { name: `crowd-${burst}-${i}`, plan, role: 'crowd' };
      people.push(person);
      arrivals.push({
        person,
        atMs: at(15_000 + burst * 15_000 + Math.floor(next() * 2_000)),
        jobs: next() < 0.1 ? 2 : 1,
      });
    }
  }
  if (options.relax) {
    for (let i = 0; i < RELAXERS.people; i++) {
      const plan: Plan = i % 2 === 0 ? 'professional' : 'founders';
      const person: Person = { name: `relaxer-${i}`, plan, role: 'relaxer' };
      people.push(person);
      arrivals.push({ person, atMs: at(i * RELAXERS.everyMs), jobs: RELAXERS.jobs, relax: true });
    }
  }
  return { people, arrivals, killAtMs: at(32_000), downMs: at(4_000), floodInMs: at(1_200) };
}
