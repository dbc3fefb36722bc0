import { describe, expect, it } from 'vitest';
import { SettingsError, loadSettings } from './settings.ts';

describe('settings', () => {
  it('runs on the embedded defaults with nothing set', () => {
    const settings = loadSettings({});
    expect(settings.port).toBe(3000);
    expect(settings.embedded).toBe(true);
    expect(settings.discord).toBeUndefined();
    expect(settings.stripe).toBeUndefined();
    expect(settings.adminPasswordGenerated).toBe(true);
    expect(settings.adminPassword.length).toBeGreaterThanOrEqual(20);
  });

  it('names every bad variable in one message', () => {
    try {
      loadSettings({ PORT: 'abc', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SettingsError);
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL']) expect(message).toContain(name);
    }
  });

  it('keeps /metrics off while METRICS_TOKEN is blank and refuses a guessable token', () => {
    expect(loadSettings({ METRICS_TOKEN: '', METRICS_PORT: '' }).metrics).toEqual({
      token: undefined,
      port: undefined,
      host: '127.0.0.1',
    });
    expect(() => loadSettings({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
    expect(loadSettings({ METRICS_TOKEN: ' a-long-enough-token ' }).metrics.token).toBe(
      'a-long-enough-token',
    );
  });

  it('refuses production without Discord, Stripe, an admin password and a public URL', () => {
    expect(() => loadSettings({ NODE_ENV: 'production' })).toThrow(
      /DISCORD_CLIENT_ID[\s\S]*STRIPE_SECRET_KEY[\s\S]*ADMIN_PASSWORD[\s\S]*PUBLIC_URL/,
    );
  });

  it('needs the Discord bot settings together, and all of them in production', () => {
    expect(() => loadSettings({ DISCORD_BOT_TOKEN: 'token' })).toThrow(
      /DISCORD_APPLICATION_ID[\s\S]*DISCORD_PUBLIC_KEY/,
    );
    expect(() => loadSettings({ NODE_ENV: 'production' })).toThrow(/DISCORD_BOT_TOKEN/);
    expect(() =>
      loadSettings({
        DISCORD_APPLICATION_ID: '123456789012345678',
        DISCORD_PUBLIC_KEY: 'zz',
        DISCORD_BOT_TOKEN: 't',
      }),
    ).toThrow(/DISCORD_PUBLIC_KEY/);
    const settings = loadSettings({
      DISCORD_APPLICATION_ID: '123456789012345678',
      DISCORD_PUBLIC_KEY: 'AB'.repeat(32),
      DISCORD_BOT_TOKEN: 'bot-token',
    });
    expect(settings.discordBot).toEqual({
      applicationId: '123456789012345678',
      publicKey: 'ab'.repeat(32),
      botToken: 'bot-token',
      apiUrl: 'https://discord.com/api/v10',
    });
  });

  it('honours a claim on posting a Discord result for a minute unless told otherwise, 1 to 600 seconds', () => {
    expect(loadSettings({}).discordDeliveryLeaseSeconds).toBe(60);
    expect(loadSettings({ DISCORD_DELIVERY_LEASE_SECONDS: '5' }).discordDeliveryLeaseSeconds).toBe(5);
    for (const bad of ['0', '601', 'soon'])
      expect(() => loadSettings({ DISCORD_DELIVERY_LEASE_SECONDS: bad })).toThrow(
        /DISCORD_DELIVERY_LEASE_SECONDS/,
      );
  });

  it("reads the server's own channel names per group and names a bad mapping", () => {
    expect(loadSettings({}).discordChannels).toEqual({});
    expect(
      loadSettings({ DISCORD_CHANNELS: 'video=clips-1|clips-2, video-horror=#gore-clips' }).discordChannels,
    ).toEqual({ video: ['clips-1', 'clips-2'], 'video-horror': ['gore-clips'] });
    for (const bad of ['movies=clips', 'video=', 'video=Clips One'])
      expect(() => loadSettings({ DISCORD_CHANNELS: bad })).toThrow(/DISCORD_CHANNELS/);
  });

  it('sends the Stripe SDK to STRIPE_API_URL (Stripe by default), an address without a path', () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(loadSettings(keys).stripe?.api).toEqual({ protocol: 'https', host: 'api.stripe.com', port: 443 });
    expect(loadSettings({ ...keys, STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe?.api).toEqual({
      protocol: 'http',
      host: '127.0.0.1',
      port: 12111,
    });
    for (const bad of ['ftp://stripe.example', 'https://stripe.example/v1', 'not a url'])
      expect(() => loadSettings({ ...keys, STRIPE_API_URL: bad })).toThrow(/STRIPE_API_URL/);
  });

  it('gives SIGTERM 25 seconds unless told otherwise', () => {
    expect(loadSettings({}).shutdownDeadlineMs).toBe(25_000);
    expect(loadSettings({ SHUTDOWN_DEADLINE_SECONDS: '5' }).shutdownDeadlineMs).toBe(5_000);
    for (const bad of ['0', 'soon', '3601'])
      expect(() => loadSettings({ SHUTDOWN_DEADLINE_SECONDS: bad })).toThrow(/SHUTDOWN_DEADLINE_SECONDS/);
  });

  it('allows 30 sign-in attempts a minute per address unless told otherwise, at least 1', () => {
    expect(loadSettings({}).signInRateLimit).toBe(30);
    expect(loadSettings({ SIGN_IN_RATE_LIMIT: '500' }).signInRateLimit).toBe(500);
    for (const bad of ['0', '-1', 'many'])
      expect(() => loadSettings({ SIGN_IN_RATE_LIMIT: bad })).toThrow(/SIGN_IN_RATE_LIMIT/);
  });

  it('allows 600 job submissions a minute and 20 open job event streams per person unless told otherwise', () => {
    expect(loadSettings({})).toMatchObject({ jobSubmitRateLimit: 600, maxEventStreamsPerUser: 20 });
    expect(loadSettings({ JOB_SUBMIT_RATE_LIMIT: '5', MAX_EVENT_STREAMS_PER_USER: '2' })).toMatchObject({
      jobSubmitRateLimit: 5,
      maxEventStreamsPerUser: 2,
    });
    for (const bad of ['0', '-3', 'lots']) {
      expect(() => loadSettings({ JOB_SUBMIT_RATE_LIMIT: bad })).toThrow(/JOB_SUBMIT_RATE_LIMIT/);
      expect(() => loadSettings({ MAX_EVENT_STREAMS_PER_USER: bad })).toThrow(/MAX_EVENT_STREAMS_PER_USER/);
    }
  });

  it('needs Stripe keys together', () => {
    expect(() => loadSettings({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('runs generation locally in-process by default, and reads backends, limits and the worker switch', () => {
    const embedded = loadSettings({ S3_BUCKET: '', GENERATION_BACKENDS: '', WORKER_IN_PROCESS: '' });
    expect(embedded.generation).toMatchObject({
      workerInProcess: true,
      s3: undefined,
      maxActiveJobsPerUser: 10,
    });
    expect(embedded.generation.backends.image).toEqual({ provider: 'local', urls: [], slots: {} });
    const routed = loadSettings({
      GENERATION_BACKENDS: 'image=a1111:http://gpu:7860,video=comfyui:http://gpu:8188',
      WORKER_IN_PROCESS: 'false',
      MAX_ACTIVE_JOBS_PER_USER: '3',
    });
    expect(routed.generation.backends.image).toEqual({
      provider: 'a1111',
      urls: ['http://gpu:7860'],
      slots: { 'http://gpu:7860': 1 },
    });
    expect(routed.generation.backends.audio.provider).toBe('local');
    expect(routed.generation).toMatchObject({ workerInProcess: false, maxActiveJobsPerUser: 3 });
  });

  it('names a bad generation backend and a bad job deadline', () => {
    expect(() =>
      loadSettings({ GENERATION_BACKENDS: 'image=dalle:http://x', JOB_DEADLINE_IMAGE_SECONDS: '0' }),
    ).toThrow(/GENERATION_BACKENDS: .*unknown provider "dalle"[\s\S]*JOB_DEADLINE_IMAGE_SECONDS/);
  });

  it('gives each family its own deadline, and reads the fleet settings', () => {
    const defaults = loadSettings({}).generation;
    expect(defaults.deadlines).toEqual({ image: 180, video: 900, audio: 300, lipsync: 600, lora: 3600 });
    expect(defaults).toMatchObject({
      hostWaitSeconds: 300,
      probeSeconds: 5,
      heartbeatSeconds: 10,
      superviseSeconds: 5,
    });
    const tuned = loadSettings({
      JOB_DEADLINE_IMAGE_SECONDS: '60',
      JOB_DEADLINE_LORA_SECONDS: '7200',
      FLEET_HOST_WAIT_SECONDS: '30',
      FLEET_PROBE_SECONDS: '0.5',
      GENERATION_BACKENDS: 'image=a1111:http://a:7860#2|http://b:7860',
    }).generation;
    expect(tuned.deadlines).toMatchObject({ image: 60, lora: 7200, video: 900 });
    expect(tuned).toMatchObject({ hostWaitSeconds: 30, probeSeconds: 0.5 });
    expect(tuned.backends.image.slots).toEqual({ 'http://a:7860': 2, 'http://b:7860': 1 });
    expect(() => loadSettings({ FLEET_HOST_WAIT_SECONDS: '0' })).toThrow(/FLEET_HOST_WAIT_SECONDS/);
  });
});
