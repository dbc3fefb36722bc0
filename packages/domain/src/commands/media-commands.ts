import { VOICE_FLAGS } from './flags.ts';
import { LIMITS, MOVIE_SCENE_SECONDS } from './limits.ts';
import type { CommandDefinition, CommandLimit, CommandOption } from './types.ts';

const prompt = (description: string): CommandOption => ({
  name: 'prompt',
  type: 'string',
  required: true,
  description,
});

const clipLimit: CommandLimit = {
  key: 'clip-length',
  label: 'Clip length',
  unit: 'seconds',
  value: LIMITS.videoClipSeconds,
};
const batchLimit: CommandLimit = {
  key: 'clips',
  label: 'Clips per answer',
  unit: 'clips',
  value: LIMITS.batchVideoClips,
};

export const VIDEO_COMMANDS: readonly CommandDefinition[] = [
  {
    name: 'video',
    category: 'video',
    guide: 'video',
    family: 'video',
    price: 5,
    work: { kind: 'video', clips: 1, raw: false },
    summary: `Make a ${LIMITS.videoClipSeconds}-second video clip from a prompt, or from your own image.`,
    details:
      'Describe a scene and its motion. Attach an image to use it as the first frame: the clip starts from your picture and brings it to life.',
    options: [
      prompt('The scene and what moves in it.'),
      {
        name: 'image',
        type: 'attachment',
        required: false,
        description: 'Optional first frame to start the clip from.',
        accepts: ['png', 'jpg', 'jpeg', 'webp'],
      },
    ],
    flags: [],
    limits: [clipLimit],
    examples: [
      { input: '/video prompt: paper boats drifting down a rainy street', note: 'A clip from text alone.' },
      {
        input: '/video prompt: she turns and smiles image: portrait.png',
        note: 'Animates your own picture.',
      },
    ],
    answer: {
      kind: 'queued-result',
      result: `A ${LIMITS.videoClipSeconds}-second clip.`,
    },
    channel: 'video',
  },
  {
    name: 'batchvideo',
    category: 'video',
    guide: 'video',
    family: 'video',
    price: 5 * LIMITS.batchVideoClips,
    work: { kind: 'video', clips: LIMITS.batchVideoClips, raw: false },
    summary: `Make ${LIMITS.batchVideoClips} varied clips from one prompt, to pick the best.`,
    details: 'Each clip takes the prompt in its own direction, so you can compare and keep your favourite.',
    options: [prompt('The scene and what moves in it.')],
    flags: [],
    limits: [clipLimit, batchLimit],
    examples: [
      { input: '/batchvideo prompt: a koi pond in autumn, leaves falling', note: 'Two takes side by side.' },
    ],
    answer: { kind: 'queued-result', result: `${LIMITS.batchVideoClips} clips.` },
    channel: 'video',
  },
  {
    name: 'rawbatchvideo',
    category: 'video',
    guide: 'video',
    family: 'video',
    price: 5 * LIMITS.batchVideoClips,
    work: { kind: 'video', clips: LIMITS.batchVideoClips, raw: true },
    summary: 'Raw access to the video model: more movement, less fidelity.',
    details:
      'Skips the prompt polishing that /batchvideo does. Expect wilder motion and looser detail — great for abstract and experimental work.',
    options: [prompt('Sent to the model as you type it.')],
    flags: [],
    limits: [clipLimit, batchLimit],
    examples: [
      { input: '/rawbatchvideo prompt: liquid chrome folding into flowers', note: 'Untamed motion.' },
    ],
    answer: { kind: 'queued-result', result: `${LIMITS.batchVideoClips} raw clips.` },
    channel: 'video',
  },
  {
    name: 'movie',
    category: 'video',
    guide: 'video',
    family: 'video',
    price: 25,
    work: { kind: 'movie' },
    summary: `Make a ${LIMITS.movie.seconds}-second movie of ${LIMITS.movie.scenes} scenes with a music track.`,
    details: `Describe a short story. The bot splits it into ${LIMITS.movie.scenes} scenes of about ${MOVIE_SCENE_SECONDS} seconds, films each and scores the whole with music.`,
    options: [prompt('The story, from first scene to last.')],
    flags: [],
    limits: [
      { key: 'movie-length', label: 'Movie length', unit: 'seconds', value: LIMITS.movie.seconds },
      { key: 'scenes', label: 'Scenes', unit: 'scenes', value: LIMITS.movie.scenes },
    ],
    examples: [
      {
        input: '/movie prompt: a robot finds a seed, plants it, waits through winter, and a tree blooms',
        note: 'Four beats, four scenes.',
      },
    ],
    answer: { kind: 'queued-result', result: 'The movie, scored with its music track.' },
    channel: 'video',
  },
];

export const AUDIO_COMMANDS: readonly CommandDefinition[] = [
  {
    name: 'speak',
    category: 'audio',
    guide: 'audio',
    family: 'audio',
    price: 2,
    work: { kind: 'speech' },
    summary: 'Turn text into speech; a voice flag picks the voice.',
    details: `Write what should be said and add one of the ${VOICE_FLAGS.length} voice flags at the end. Without a flag the bot uses a neutral voice.`,
    options: [
      { name: 'text', type: 'string', required: true, description: 'What to say, plus a voice flag.' },
    ],
    flags: VOICE_FLAGS,
    limits: [{ key: 'voices', label: 'Voices to choose from', unit: 'voices', value: LIMITS.voiceFlags }],
    examples: [
      {
        input: '/speak text: Welcome to the server, traveller. -wizard',
        note: 'A wise old wizard greets you.',
      },
      {
        input: '/speak text: And here, at last, the herd arrives. -documentary',
        note: 'Nature-film narration.',
      },
    ],
    answer: { kind: 'queued-result', result: 'An audio file.' },
    channel: 'speech',
  },
  {
    name: 'music',
    category: 'audio',
    guide: 'audio',
    family: 'audio',
    price: 4,
    work: { kind: 'music' },
    summary: 'Compose music from a description of its style.',
    details: 'Name a genre, mood, instruments and tempo. The more specific, the closer the result.',
    options: [
      { name: 'style', type: 'string', required: true, description: 'Genre, mood, instruments, tempo.' },
    ],
    flags: [],
    limits: [],
    examples: [
      {
        input: '/music style: dreamy lo-fi hip hop, warm piano, vinyl crackle, slow',
        note: 'Study-session beats.',
      },
    ],
    answer: { kind: 'queued-result', result: 'A music track.' },
    channel: 'music',
  },
  {
    name: 'sfx',
    category: 'audio',
    guide: 'audio',
    family: 'audio',
    price: 2,
    work: { kind: 'sfx' },
    summary: 'Make a sound effect from a text description.',
    details: 'Describe the sound and its surroundings: what makes it, how close, in what kind of space.',
    options: [{ name: 'description', type: 'string', required: true, description: 'The sound you want.' }],
    flags: [],
    limits: [],
    examples: [
      {
        input: '/sfx description: heavy wooden door creaking open in a stone hall',
        note: 'Echoes included.',
      },
    ],
    answer: { kind: 'queued-result', result: 'A sound file.' },
    channel: 'sound-effects',
  },
];

export const LIPSYNC_COMMANDS: readonly CommandDefinition[] = [
  {
    name: 'lipsync',
    category: 'lipsync',
    guide: 'lipsync',
    family: 'lipsync',
    price: 6,
    work: { kind: 'lipsync' },
    summary: 'Make a face in your image speak or sing along to your audio.',
    details:
      'Upload a clear, front-facing portrait and a second file with the voice or song. The bot animates the mouth to match and answers with a video.',
    options: [
      {
        name: 'image',
        type: 'attachment',
        required: true,
        description: 'A portrait with one clearly visible face.',
        accepts: ['png', 'jpg', 'jpeg', 'webp'],
      },
      {
        name: 'audio',
        type: 'attachment',
        required: true,
        description: 'The speech or song to sync to.',
        accepts: ['mp3', 'wav', 'ogg', 'm4a'],
      },
    ],
    flags: [],
    limits: [],
    examples: [{ input: '/lipsync image: painting.png audio: poem.mp3', note: 'A painting recites a poem.' }],
    answer: { kind: 'queued-result', result: 'A lip-synced video.' },
    channel: 'lipsync',
  },
];
