import { describe, expect, it } from 'vitest';
import { audioPeakDb, probeMedia } from '../src/media/probe.ts';
import { context, frameDifference, provider, request, run, solid, videoFrames } from './helpers.ts';

const SOUND_DB = -40;

describe('local provider: video', () => {
  it('/video films a 3-second H.264 MP4 at the asked size, from the prompt or from an upload', async () => {
    const fromPrompt = await run('video', {
      width: 192,
      height: 108,
      prompt: 'paper boats drifting down a rainy street',
    });
    expect(fromPrompt.outputs).toHaveLength(1);
    expect(fromPrompt.outputs[0]).toMatchObject({ kind: 'video', mime: 'video/mp4', durationMs: 3000 });
    const info = await probeMedia(fromPrompt.outputs[0]!.bytes);
    expect(info.durationMs).toBeGreaterThanOrEqual(2950);
    expect(info.durationMs).toBeLessThanOrEqual(3100);
    expect(info.video).toMatchObject({ codec: 'h264', width: 192, height: 108 });

    const fromImage = await run('video', {
      width: 128,
      height: 128,
      inputs: { image: [await solid(200, 100, '#ff8800')] },
    });
    const imageInfo = await probeMedia(fromImage.outputs[0]!.bytes);
    expect(imageInfo.video!.width / imageInfo.video!.height).toBeCloseTo(2, 1);
  });

  it('/batchvideo and /rawbatchvideo answer two different 3-second clips; raw ones move more', async () => {
    const travel: Record<string, number> = {};
    for (const command of ['batchvideo', 'rawbatchvideo']) {
      const result = await run(command, { width: 96, height: 96 });
      expect(result.outputs).toHaveLength(2);
      const frames = await videoFrames(result.outputs[0]!.bytes);
      expect(frames).toHaveLength(72);
      travel[command] = frameDifference(frames[0]!, frames.at(-1)!);
      expect(result.outputs[0]!.bytes.equals(result.outputs[1]!.bytes)).toBe(false);
      for (const output of result.outputs)
        expect(Math.abs((await probeMedia(output.bytes)).durationMs - 3000)).toBeLessThan(100);
    }
    expect(travel.batchvideo).toBeGreaterThan(1);
    expect(travel.rawbatchvideo).toBeGreaterThan(travel.batchvideo! * 1.5);
  });

  it('/movie is 12 seconds of video with a music track', async () => {
    const context_ = context();
    const result = await provider.run(
      request('movie', {
        width: 96,
        height: 64,
        prompt: 'a robot finds a seed, plants it, waits through winter, and a tree blooms',
      }),
      context_,
    );
    const info = await probeMedia(result.outputs[0]!.bytes);
    expect(Math.abs(info.durationMs - 12_000)).toBeLessThan(150);
    expect(info.video?.codec).toBe('h264');
    expect(info.audio?.codec).toBe('aac');
    expect(await audioPeakDb(result.outputs[0]!.bytes)).toBeGreaterThan(SOUND_DB);
    expect(context_.progress.at(-1)).toBe(1);
    expect(context_.progress).toEqual([...context_.progress].sort((a, b) => a - b));
  });
});

describe('local provider: audio and lip-sync', () => {
  it('/speak says the text as an MP3, and voices sound different', async () => {
    const wizard = await run('speak', { prompt: 'Welcome to the server, traveller.', voice: 'wizard' });
    const cheerful = await run('speak', { prompt: 'Welcome to the server, traveller.', voice: 'cheerful' });
    expect(wizard.outputs[0]).toMatchObject({ kind: 'audio', mime: 'audio/mpeg' });
    const info = await probeMedia(wizard.outputs[0]!.bytes);
    expect(info.audio?.codec).toBe('mp3');
    expect(info.durationMs).toBeGreaterThan(1000);
    expect(await audioPeakDb(wizard.outputs[0]!.bytes)).toBeGreaterThan(SOUND_DB);
    // A slower voice takes longer to say the same words.
    expect(Math.abs(wizard.outputs[0]!.durationMs! - cheerful.outputs[0]!.durationMs!)).toBeGreaterThan(200);
  });

  it('/music and /sfx make sound of their own length', async () => {
    const music = await run('music', { prompt: 'dreamy lo-fi hip hop, warm piano, vinyl crackle, slow' });
    expect(Math.abs((await probeMedia(music.outputs[0]!.bytes)).durationMs - 4000)).toBeLessThan(200);
    expect(await audioPeakDb(music.outputs[0]!.bytes)).toBeGreaterThan(SOUND_DB);
    const sfx = await run('sfx', { prompt: 'heavy wooden door creaking open in a stone hall' });
    expect(Math.abs((await probeMedia(sfx.outputs[0]!.bytes)).durationMs - 3000)).toBeLessThan(200);
    expect(await audioPeakDb(sfx.outputs[0]!.bytes)).toBeGreaterThan(SOUND_DB);
    const other = await run('sfx', { prompt: 'a laser zap' });
    expect(other.outputs[0]!.bytes.equals(sfx.outputs[0]!.bytes)).toBe(false);
  });

  it('/lipsync answers a video as long as the audio, with the audio in it', async () => {
    const speech = await run('speak', { prompt: 'Hello there.' });
    const audio = { name: 'voice.mp3', mime: 'audio/mpeg', bytes: speech.outputs[0]!.bytes };
    const audioLength = (await probeMedia(audio.bytes)).durationMs;
    const result = await run('lipsync', {
      inputs: { image: [await solid(120, 160, '#e0b090')], audio: [audio] },
    });
    const info = await probeMedia(result.outputs[0]!.bytes);
    expect(Math.abs(info.durationMs - audioLength)).toBeLessThan(200);
    expect(info.video).toMatchObject({ codec: 'h264' });
    expect(info.video!.height).toBeGreaterThan(info.video!.width);
    expect(info.audio?.codec).toBe('aac');
    expect(await audioPeakDb(result.outputs[0]!.bytes)).toBeGreaterThan(SOUND_DB);
    // The mouth moves with the voice: loud frames differ from the closed-mouth start.
    const frames = await videoFrames(result.outputs[0]!.bytes, 32);
    const movement = Math.max(...frames.map((frame) => frameDifference(frames[0]!, frame)));
    expect(movement).toBeGreaterThan(1);
  });
});
