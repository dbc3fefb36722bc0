import { mentions, promptWords } from './prompt-words.ts';
import { Track } from './pcm.ts';
import { hashOf, randomFrom, type Random } from './random.ts';

const TWO_PI = 2 * Math.PI;

/** How long an effect lasts: "short" and "long" in the description stretch the default. */
export function sfxSeconds(description: string): number {
  const words = promptWords(description);
  if (mentions(words, 'long', 'slow', 'distant', 'rumbling', 'ambience', 'ambient')) return 6;
  if (mentions(words, 'short', 'quick', 'brief', 'click', 'tap', 'snap')) return 1.5;
  return 3;
}

/**
 * A sound effect built from the description: each kind of source word (creak, boom, rain, zap, step,
 * bell, glass) adds its layer; space words add echoes or distance. A description with none of them
 * gets a tone-and-noise sound of its own, chosen by its words.
 */
export function composeSfx(description: string, seed: number): Float32Array {
  const words = promptWords(description);
  const has = (...candidates: string[]) => mentions(words, ...candidates);
  const seconds = sfxSeconds(description);
  const track = new Track(seconds);
  const random = randomFrom(hashOf('sfx', seed, description));
  let layers = 0;
  if (has('door', 'creak', 'creaking', 'squeak', 'hinge', 'floorboard')) {
    layers++;
    track.add(0.1, seconds * 0.8, 0.5, creak(random, seconds * 0.8));
  }
  if (has('explosion', 'boom', 'blast', 'thunder', 'bomb', 'crash', 'impact')) {
    layers++;
    const rumble = brown(random);
    track.add(
      0.05,
      seconds * 0.9,
      0.9,
      (t) => Math.exp(-2.5 * t) * (rumble() + 0.6 * Math.sin(TWO_PI * 48 * t)),
    );
  }
  if (has('rain', 'wind', 'storm', 'waves', 'ocean', 'water', 'stream', 'river', 'fire', 'crackling')) {
    layers++;
    const wash = brown(random);
    const speed = has('waves', 'ocean') ? 0.25 : 1.3;
    track.add(
      0,
      seconds,
      0.5,
      (t) => (0.6 + 0.4 * Math.sin(TWO_PI * speed * t)) * (wash() * 0.7 + (random.next() - 0.5) * 0.3),
    );
    if (has('rain', 'fire', 'crackling')) {
      for (let drop = 0; drop < seconds * 40; drop++)
        track.add(random.range(0, seconds), 0.01, random.range(0.1, 0.3), hit(random, 0.002));
    }
  }
  if (has('laser', 'zap', 'beep', 'alarm', 'siren', 'robot', 'computer', 'scifi', 'sci', 'spaceship')) {
    layers++;
    if (has('siren', 'alarm'))
      track.add(0, seconds, 0.4, (t) =>
        Math.sin(TWO_PI * (700 * t + (150 / (TWO_PI * 0.8)) * -Math.cos(TWO_PI * 0.8 * t))),
      );
    else {
      for (let shot = 0; shot < 3; shot++) {
        track.add(
          shot * (seconds / 3),
          0.35,
          0.4,
          (t) => Math.exp(-6 * t) * Math.sin(TWO_PI * (1800 * t - 1800 * t * t)),
        );
      }
    }
  }
  if (has('footsteps', 'footstep', 'steps', 'knock', 'knocking', 'walking', 'running', 'clap', 'hammer')) {
    layers++;
    const gap = has('running') ? 0.28 : has('knock', 'knocking') ? 0.22 : 0.55;
    for (let at = 0.1; at < seconds - 0.2; at += gap)
      track.add(
        at,
        0.15,
        0.7,
        (t) => Math.exp(-40 * t) * (Math.sin(TWO_PI * 95 * t) + 0.5 * (random.next() - 0.5)),
      );
  }
  if (has('bell', 'chime', 'ding', 'gong', 'church')) {
    layers++;
    const f = has('gong', 'church') ? 160 : 880;
    track.add(
      0.05,
      seconds,
      0.5,
      (t) =>
        Math.exp(-1.5 * t) *
        (Math.sin(TWO_PI * f * t) +
          0.6 * Math.sin(TWO_PI * f * 2.76 * t) +
          0.3 * Math.sin(TWO_PI * f * 5.4 * t)),
    );
  }
  if (has('glass', 'shatter', 'break', 'breaking', 'smash')) {
    layers++;
    for (let shard = 0; shard < 30; shard++) {
      const f = random.range(2500, 6000);
      track.add(
        0.05 + random.range(0, 0.5),
        0.3,
        random.range(0.1, 0.3),
        (t) => Math.exp(-15 * t) * Math.sin(TWO_PI * f * t),
      );
    }
    track.add(0.05, 0.3, 0.5, hit(random, 0.05));
  }
  if (layers === 0) {
    // Nothing recognised: a sound of its own, pitched and textured by the words.
    const base = 120 + (hashOf('tone', description) % 600);
    const grit = brown(random);
    track.add(
      0,
      seconds,
      0.5,
      (t) =>
        Math.exp(-0.8 * t) *
        (Math.sin(TWO_PI * base * t * (1 + 0.1 * Math.sin(TWO_PI * 3 * t))) + 0.4 * grit()),
    );
  }
  if (has('hall', 'cave', 'cathedral', 'tunnel', 'church', 'stone', 'echo', 'echoes', 'canyon')) {
    track.echo(0.09, 0.45);
    track.echo(0.23, 0.3);
  }
  if (has('distant', 'far', 'muffled', 'underwater', 'behind')) track.soften(0.85);
  track.normalize();
  return track.samples;
}

/** Brown noise (integrated white noise): the rumble of wind, water and explosions. */
function brown(random: Random): () => number {
  let value = 0;
  return () => {
    value = (value + (random.next() - 0.5) * 0.1) * 0.995;
    return value * 3;
  };
}

const hit = (random: Random, decay: number) => (t: number) => Math.exp(-t / decay) * (random.next() * 2 - 1);

/** A creak: a rough, slowly wandering low tone, bursting in grains like a hinge under load. */
function creak(random: Random, length: number): (t: number) => number {
  const wander = random.range(0.5, 1.5);
  let phase = 0;
  return (t) => {
    const f = 180 + 120 * Math.sin((TWO_PI * wander * t) / length) + 30 * Math.sin(TWO_PI * 7 * t);
    phase += f / 22_050;
    const saw = 2 * (phase % 1) - 1;
    const grain = Math.max(0, Math.sin(TWO_PI * 28 * t)) ** 3;
    return saw * (0.3 + 0.7 * grain);
  };
}
