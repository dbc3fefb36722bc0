import { randomBytes } from 'node:crypto';
import { applyCallback } from './callback.ts';
import type { Ctx } from './ctx.ts';
import type { InteractionRecord } from './store.ts';
import { signInteraction } from './signing.ts';

export const TOKEN_TTL_MS = 15 * 60 * 1000;
export const NOT_RESPONDED = 'The application did not respond';

export interface Outcome {
  interaction: Record<string, unknown>;
  /** The interaction response (callback body) the app gave, or why the interaction failed. */
  response: Record<string, unknown> | null;
  error?: string;
}

/** Sends interactions to the app the way Discord does and waits for their first response. */
export class InteractionSender {
  private readonly waiters = new Map<string, () => void>();
  /** Bad-signature requests the app accepted (it must answer 401). */
  readonly acceptedBadSignatures: string[] = [];

  constructor(private readonly ctx: Ctx) {}

  newIds(): { id: string; token: string } {
    return { id: this.ctx.id(), token: `aW50ZXJhY3Rpb24.${randomBytes(48).toString('base64url')}` };
  }

  /** Called when a callback acknowledges an interaction. */
  acknowledged(id: string): void {
    this.waiters.get(id)?.();
  }

  private post(body: string, badSignature: boolean, signal: AbortSignal): Promise<Response> {
    const url = this.ctx.settings.interactionsUrl;
    if (!url) throw new Error('No interactions endpoint URL is set.');
    const timestamp = String(Math.floor(this.ctx.now() / 1000));
    let signature = signInteraction(this.ctx.keys.privateKey, timestamp, body);
    if (badSignature) signature = signature.slice(0, -2) + (signature.endsWith('00') ? '01' : '00');
    return fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Discord-Interactions/1.0 (+https://discord.com)',
        'x-signature-ed25519': signature,
        'x-signature-timestamp': timestamp,
      },
      body,
      signal,
    });
  }

  /** Discord checks now and then that the endpoint refuses a bad signature. */
  async sendBadSignature(payload: Record<string, unknown>): Promise<boolean> {
    try {
      const res = await this.post(
        JSON.stringify(payload),
        true,
        AbortSignal.timeout(this.ctx.settings.deadlineMs),
      );
      await res.arrayBuffer();
      if (res.status === 401) return true;
    } catch {
      return false;
    }
    this.acceptedBadSignatures.push(String(payload.id));
    console.warn(
      `discord-emulator: the interactions endpoint accepted a bad signature (interaction ${String(payload.id)}); it must answer 401.`,
    );
    return false;
  }

  /** Delivers an interaction; resolves once it is acknowledged or has failed (3 s deadline). */
  async dispatch(rec: InteractionRecord, base: string): Promise<Outcome> {
    const { store, settings } = this.ctx;
    // Tokens die after 15 minutes, so older records are of no further use.
    for (const [id, old] of Object.entries(store.state.interactions))
      if (this.ctx.now() - old.createdAt > TOKEN_TTL_MS && !old.modalOpen)
        delete store.state.interactions[id];
    store.state.interactions[rec.id] = rec;
    store.changed();
    if (settings.invalidSignatureRate > 0 && Math.random() < settings.invalidSignatureRate)
      await this.sendBadSignature(rec.payload);
    this.ctx.observe?.({ kind: 'response', route: 'SEND interaction', body: rec.payload });
    const started = Date.now();
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), settings.deadlineMs);
    const acked = new Promise<void>((resolve) => this.waiters.set(rec.id, resolve));
    try {
      const res = await this.post(JSON.stringify(rec.payload), false, deadline.signal);
      const text = await res.text();
      if (!res.ok) return this.fail(rec, `${NOT_RESPONDED} (the endpoint answered HTTP ${res.status})`);
      let body: unknown = null;
      if (text && (res.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
      if (rec.status === 'pending' && body && typeof body === 'object' && 'type' in body) {
        try {
          applyCallback(this.ctx, this, rec, body, [], base);
        } catch (err) {
          return this.fail(rec, `${NOT_RESPONDED} (invalid interaction response: ${(err as Error).message})`);
        }
      }
      if (rec.status === 'pending')
        await Promise.race([
          acked,
          new Promise((r) => setTimeout(r, Math.max(0, settings.deadlineMs - (Date.now() - started)))),
        ]);
      if (rec.status === 'pending') return this.fail(rec, NOT_RESPONDED);
      return this.outcome(rec);
    } catch (err) {
      if (rec.status !== 'pending') return this.outcome(rec);
      return this.fail(
        rec,
        deadline.signal.aborted ? NOT_RESPONDED : `${NOT_RESPONDED} (${(err as Error).message})`,
      );
    } finally {
      clearTimeout(timer);
      this.waiters.delete(rec.id);
    }
  }

  private outcome(rec: InteractionRecord): Outcome {
    return rec.status === 'failed'
      ? { interaction: rec.payload, response: null, error: rec.failure }
      : { interaction: rec.payload, response: rec.response ?? null };
  }

  private fail(rec: InteractionRecord, why: string): Outcome {
    rec.status = 'failed';
    rec.failure = why;
    this.ctx.store.messages(rec.channelId).push({
      id: this.ctx.id(),
      channel_id: rec.channelId,
      content: `This interaction failed: ${why}.`,
      timestamp: this.ctx.iso(),
      _notice: true,
      _visibleTo: rec.userId,
    });
    this.ctx.store.changed();
    return this.outcome(rec);
  }
}
