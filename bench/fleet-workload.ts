// The community the fleet bench simulates: a flood by a few free accounts with newcomers arriving
// one job at a time in the middle of it, then 300 people (70% free, 20% Professional, 10% Founders
// Image Only) arriving in three bursts. Seeded, so both dispatchers get the same workload.
export type Plan = 'free' | 'professional' | 'founders';
export type Role = 'flooder' | 'single' | 'crowd';

export interface Person {
  name: string;
  plan: Plan;
  role: Role;
}

export interface Arrival {
  person: Person;
  atMs: number;
  jobs: number;
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

export function buildWorkload(pace = 1): Workload {
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
  return { people, arrivals, killAtMs: at(32_000), downMs: at(4_000), floodInMs: at(1_200) };
}
