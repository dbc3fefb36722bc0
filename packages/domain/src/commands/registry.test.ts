import { describe, expect, it } from 'vitest';
import { RESULT_BUTTONS, RESULT_DELIVERY } from './answers.ts';
import { CHANNELS, channelsOfKind } from './channels.ts';
import { ASPECT_FLAGS, LORA_FLAGS, VOICE_FLAGS } from './flags.ts';
import { LIMITS } from './limits.ts';
import { GUIDES, GUIDE_SECTIONS, guideOf } from './guides.ts';
import { JOB_FAMILIES } from './job-families.ts';
import {
  COMMANDS,
  COMMAND_CATEGORIES,
  commandsIn,
  commandsInSection,
  findCommand,
  getCommand,
} from './registry.ts';
import { toSlashCommandJson } from './slash.ts';

const SPEC_COMMANDS = [
  'make', 'video', 'batchvideo', 'rawbatchvideo', 'movie', 'speak', 'music', 'sfx', 'lipsync', 'help',
  'describe', 'blend', 'Change', 'adjust', 'filltall', 'fillwide', 'fillboth', 'loracreate',
  'loracreatefromzip', 'myloras', 'remlora',
]; // prettier-ignore
/** The account commands beside SPEC's: the plan and jobs at a glance, the person's defaults and lane. */
const ACCOUNT_COMMANDS = ['info', 'settings', 'show', 'fast', 'relax', 'turbo'];

const limit = (command: string, key: string) => getCommand(command).limits.find((item) => item.key === key);

describe('command registry', () => {
  it('holds every command of the product, once each, in a known category', () => {
    expect(COMMANDS.map((command) => command.name).sort()).toEqual(
      [...SPEC_COMMANDS, ...ACCOUNT_COMMANDS].sort(),
    );
    const categories = COMMAND_CATEGORIES.map((category) => category.id);
    for (const command of COMMANDS) expect(categories).toContain(command.category);
    expect(commandsIn('video').map((command) => command.name)).toEqual([
      'video',
      'batchvideo',
      'rawbatchvideo',
      'movie',
    ]);
    expect(commandsIn('audio').map((command) => command.name)).toEqual(['speak', 'music', 'sfx']);
  });

  it('has a category for each job family and one for general commands', () => {
    expect(COMMAND_CATEGORIES.map((category) => category.id)).toEqual([...JOB_FAMILIES, 'general']);
  });

  it('shows every command in a section of a guide, and links to it there', () => {
    for (const command of COMMANDS) expect(Object.keys(GUIDE_SECTIONS)).toContain(command.guide);
    expect(commandsInSection('editing').map((command) => command.name)).toEqual([
      'describe',
      'blend',
      'Change',
      'adjust',
    ]);
    expect(guideOf(getCommand('Change'))).toEqual({
      id: 'images',
      title: 'Images guide',
      href: `${GUIDES.images.path}#cmd-change`,
    });
    expect(guideOf(getCommand('help')).href).toBe('/documentation#cmd-help');
  });

  it('finds commands with or without the slash, case as typed', () => {
    expect(findCommand('/Change')?.name).toBe('Change');
    expect(findCommand('make')?.category).toBe('image');
    expect(findCommand('/nope')).toBeUndefined();
    expect(() => getCommand('nope')).toThrow(RangeError);
  });

  it('states the video, movie, grid and fill limits', () => {
    expect(limit('video', 'clip-length')).toMatchObject({ unit: 'seconds', value: 3 });
    expect(limit('batchvideo', 'clips')).toMatchObject({ value: 2 });
    expect(limit('movie', 'movie-length')).toMatchObject({ unit: 'seconds', value: 12 });
    expect(limit('movie', 'scenes')).toMatchObject({ value: 4 });
    expect(LIMITS.movie.musicTrack).toBe(true);
    expect(getCommand('movie').summary).toMatch(/music/);
    expect(LIMITS.imageGrid).toEqual({ columns: 2, rows: 2 });
    expect(limit('make', 'grid')).toMatchObject({ value: 4 });
    for (const name of ['filltall', 'fillwide', 'fillboth'])
      expect(limit(name, 'fill')).toMatchObject({ value: 256 });
    for (const name of ['Change', 'adjust']) {
      expect(limit(name, 'denoise')).toMatchObject({ min: 0.1, max: 0.9 });
      expect(getCommand(name).options.find((option) => option.name === 'denoise')).toMatchObject({
        type: 'number',
        min: 0.1,
        max: 0.9,
      });
    }
  });

  it('has the aspect flags with their ratios on /make', () => {
    expect(ASPECT_FLAGS.map((flag) => [flag.flag, flag.ratio?.join(':')])).toEqual([
      ['-wide', '16:9'],
      ['-tall', '9:16'],
      ['-34', '3:4'],
      ['-43', '4:3'],
      ['-tile', '1:1'],
    ]);
    const makeFlags = getCommand('make').flags.map((flag) => flag.flag);
    for (const flag of [...ASPECT_FLAGS, ...LORA_FLAGS]) expect(makeFlags).toContain(flag.flag);
  });

  it('states the LoRA rules: 8 images, a ZIP of 8-40 png/jpg, ~15 minutes, a DM, weight 0.1-1 default 0.85', () => {
    const create = getCommand('loracreate');
    expect(create.options.filter((option) => option.type === 'attachment')).toHaveLength(8);
    expect(limit('loracreate', 'images')).toMatchObject({ value: 8 });
    expect(limit('loracreatefromzip', 'zip-images')).toMatchObject({ min: 8, max: 40 });
    expect(LIMITS.lora.zipImageFormats).toEqual(['png', 'jpg']);
    expect(limit('loracreate', 'training')).toMatchObject({ unit: 'minutes', value: 15, approximate: true });
    expect(create.answer.kind).toBe('queued-dm');
    expect(getCommand('loracreatefromzip').answer.kind).toBe('queued-dm');
    expect(LIMITS.lora.secondsPerImage).toBe(60);
    const [lora, weight] = LORA_FLAGS;
    expect(lora).toMatchObject({ flag: '-lora', value: { caseSensitive: true } });
    expect(weight).toMatchObject({ flag: '-loraweight', value: { min: 0.1, max: 1, default: 0.85 } });
  });

  it('has 19 distinct voice flags on /speak, none naming a real person', () => {
    expect(VOICE_FLAGS).toHaveLength(19);
    expect(LIMITS.voiceFlags).toBe(19);
    expect(new Set(VOICE_FLAGS.map((flag) => flag.flag)).size).toBe(19);
    expect(getCommand('speak').flags).toEqual(VOICE_FLAGS);
    const kinds = new Set(VOICE_FLAGS.map((flag) => flag.voiceKind));
    expect(kinds).toEqual(new Set(['celebrity-style', 'generic']));
    for (const flag of VOICE_FLAGS.filter((item) => item.voiceKind === 'celebrity-style')) {
      expect(flag.description).toMatch(/^In the style of an? [a-z]/);
    }
  });

  it('lists the channels: 6 image + horror, 4 video + horror, music, speech, sound effects, one lipsync', () => {
    const count = (kind: Parameters<typeof channelsOfKind>[0], horror: boolean) =>
      channelsOfKind(kind).filter((channel) => channel.horror === horror).length;
    expect([count('image', false), count('image', true)]).toEqual([6, 1]);
    expect([count('video', false), count('video', true)]).toEqual([4, 1]);
    for (const kind of ['music', 'speech', 'sound-effects', 'lipsync'] as const)
      expect(channelsOfKind(kind)).toHaveLength(1);
    for (const channel of CHANNELS.filter((item) => item.horror)) expect(channel.minimumAge).toBe(18);
    expect(getCommand('lipsync').channel).toBe('lipsync');
  });

  it('says how the bot answers: queued, then the result pinged in the same channel with six buttons', () => {
    expect(RESULT_DELIVERY).toEqual({ sameChannel: true, pingsUser: true });
    expect(RESULT_BUTTONS.map((button) => button.id)).toEqual([
      'love',
      'edit',
      'reroll',
      'delete',
      'vary',
      'gif',
    ]);
    expect(RESULT_BUTTONS[0]!.description).toMatch(/again/);
    for (const name of ['make', 'video', 'movie', 'speak', 'music', 'sfx', 'lipsync']) {
      expect(getCommand(name).answer.kind).toBe('queued-result');
    }
  });

  it('gives every command a summary, details and at least one example that starts with the command', () => {
    for (const command of COMMANDS) {
      expect(command.summary.length, command.name).toBeGreaterThan(10);
      expect(command.details.length, command.name).toBeGreaterThan(20);
      expect(command.examples.length, command.name).toBeGreaterThan(0);
      for (const example of command.examples) expect(example.input.startsWith(`/${command.name}`)).toBe(true);
    }
  });

  it('produces valid slash-command registrations', () => {
    const names = /^[-_a-z0-9]{1,32}$/;
    for (const command of COMMANDS) {
      const json = toSlashCommandJson(command);
      expect(json.name).toMatch(names);
      expect(json.description.length).toBeGreaterThan(0);
      expect(json.description.length).toBeLessThanOrEqual(100);
      expect(json.options.length).toBeLessThanOrEqual(25);
      expect(new Set(json.options.map((option) => option.name)).size).toBe(json.options.length);
      const firstOptional = json.options.findIndex((option) => !option.required);
      if (firstOptional >= 0)
        expect(json.options.slice(firstOptional).every((option) => !option.required)).toBe(true);
      for (const option of json.options) {
        expect(option.name).toMatch(names);
        expect(option.description.length).toBeLessThanOrEqual(100);
        expect([3, 4, 5, 10, 11]).toContain(option.type);
      }
    }
    // Its image may come from the upload form instead, so it registers as optional, after the prompt.
    expect(toSlashCommandJson(getCommand('Change'))).toMatchObject({
      name: 'change',
      options: [
        { name: 'prompt', type: 3, required: true },
        { name: 'image', type: 11, required: false },
        { name: 'denoise', type: 10, required: false, min_value: 0.1, max_value: 0.9 },
      ],
    });
  });
});
