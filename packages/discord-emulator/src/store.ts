import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AGE_RESTRICTED_CHANNEL_NAMES,
  FOREIGN_AGE_RESTRICTED,
  FOREIGN_CHANNEL_NAMES,
  FOREIGN_GUILD_ID,
  foreignChannelId,
  GUILD_CHANNEL_NAMES,
  SEEDED_ROLES,
  SEEDED_USERS,
  guildChannelId,
  type GuildRole,
  type DiscordUserSeed,
} from './users.ts';

export interface Keys {
  applicationId: string;
  botToken: string;
  /** Ed25519 private key, PKCS#8 PEM. */
  privateKey: string;
  /** Ed25519 public key, raw 32 bytes as hex (what Discord shows as the app's public key). */
  publicKey: string;
  /** OAuth2 client secret for the sign-in (made on first use when an older state lacks it). */
  clientSecret?: string;
}

export interface Channel {
  id: string;
  name: string;
  /** 0 guild text, 1 DM. */
  type: 0 | 1;
  /** Another server's channel (the bot is not a member there); absent: the bot's own server. */
  guildId?: string;
  /** Age-restricted (Discord's `nsfw`); absent in state saved before the flag existed. */
  nsfw?: boolean;
  recipientId?: string;
}

/** A message in Discord's shape, plus emulator-only fields prefixed with `_`. */
export type Message = Record<string, unknown> & {
  id: string;
  channel_id: string;
  _visibleTo?: string;
  /** The slash command a message answers, for the channel page ("… used /make"). */
  _command?: string;
  _interactionId?: string;
};

export interface InteractionRecord {
  id: string;
  token: string;
  type: number;
  userId: string;
  channelId: string;
  createdAt: number;
  status: 'pending' | 'acknowledged' | 'failed';
  failure?: string;
  /** The interaction response's callback body, as the app sent it. */
  response?: Record<string, unknown>;
  /** Message a component or modal came from. */
  sourceMessageId?: string;
  originalMessageId?: string;
  /** Set while the user has a modal from this interaction open. */
  modalOpen?: boolean;
  /** A modal submit: the interaction that opened the modal. */
  triggeringInteractionId?: string;
  payload: Record<string, unknown>;
}

export interface StoredFile {
  contentType: string;
  filename: string;
}

export interface State {
  keys: Keys;
  users: DiscordUserSeed[];
  channels: Channel[];
  messages: Record<string, Message[]>;
  commands: Record<string, unknown>[];
  interactions: Record<string, InteractionRecord>;
  files: Record<string, StoredFile>;
  /** The guild's roles (absent in state saved before roles existed). */
  roles?: GuildRole[];
  /** The foreign server turned off external apps: user-installed apps answer only to the asker. */
  foreignExternalAppsOff?: boolean;
}

function newKeys(): Keys {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const applicationId = '100000000000000900';
  return {
    applicationId,
    botToken: `${Buffer.from(applicationId).toString('base64url')}.emu.${randomBytes(24).toString('base64url')}`,
    privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicKey: raw.toString('hex'),
    clientSecret: randomBytes(24).toString('base64url'),
  };
}

function freshState(): State {
  return {
    keys: newKeys(),
    users: SEEDED_USERS.map((u) => ({ ...u })),
    channels: GUILD_CHANNEL_NAMES.map((name, i) => ({
      id: guildChannelId(i),
      name,
      type: 0,
      nsfw: AGE_RESTRICTED_CHANNEL_NAMES.includes(name),
    })),
    messages: {},
    commands: [],
    interactions: {},
    files: {},
    roles: SEEDED_ROLES.map((role) => ({ ...role })),
  };
}

function foreignChannels(): Channel[] {
  return FOREIGN_CHANNEL_NAMES.map((name, i) => ({
    id: foreignChannelId(i),
    name,
    type: 0,
    guildId: FOREIGN_GUILD_ID,
    nsfw: name === FOREIGN_AGE_RESTRICTED,
  }));
}

/** State in memory, written atomically to `<dataDir>/state.json` after each change; uploaded
 * files live beside it so attachment URLs keep working across restarts. */
export class Store {
  state: State;
  version = 0;
  private readonly memoryFiles = new Map<string, Buffer>();
  private listeners = new Set<() => void>();

  constructor(private readonly dataDir?: string) {
    const file = dataDir && join(dataDir, 'state.json');
    this.state = file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as State) : freshState();
    for (const channel of this.state.channels)
      if (channel.type === 0) channel.nsfw ??= AGE_RESTRICTED_CHANNEL_NAMES.includes(channel.name);
    this.state.roles ??= SEEDED_ROLES.map((role) => ({ ...role }));
    // The foreign server's channels, also in state saved before it existed.
    for (const channel of foreignChannels())
      if (!this.state.channels.some((c) => c.id === channel.id)) this.state.channels.push(channel);
    if (dataDir) mkdirSync(join(dataDir, 'files'), { recursive: true });
    this.save();
  }

  changed(): void {
    this.version++;
    this.save();
    for (const l of this.listeners) l();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private save(): void {
    if (!this.dataDir) return;
    const file = join(this.dataDir, 'state.json');
    writeFileSync(`${file}.tmp`, JSON.stringify(this.state));
    renameSync(`${file}.tmp`, file);
  }

  putFile(id: string, meta: StoredFile, data: Buffer): void {
    this.state.files[id] = meta;
    if (this.dataDir) writeFileSync(join(this.dataDir, 'files', id), data);
    else this.memoryFiles.set(id, data);
  }

  getFile(id: string): { meta: StoredFile; data: Buffer } | null {
    const meta = this.state.files[id];
    if (!meta) return null;
    const data = this.dataDir
      ? existsSync(join(this.dataDir, 'files', id))
        ? readFileSync(join(this.dataDir, 'files', id))
        : undefined
      : this.memoryFiles.get(id);
    return data ? { meta, data } : null;
  }

  user(id: string): DiscordUserSeed | undefined {
    return this.state.users.find((u) => u.id === id);
  }

  channel(id: string): Channel | undefined {
    return this.state.channels.find((c) => c.id === id);
  }

  channelByName(name: string): Channel | undefined {
    return this.state.channels.find((c) => c.type === 0 && c.name === name);
  }

  /** The bot's own server's text channels (not the foreign server's). */
  guildChannels(): Channel[] {
    return this.state.channels.filter((c) => c.type === 0 && !c.guildId);
  }

  messages(channelId: string): Message[] {
    return (this.state.messages[channelId] ??= []);
  }

  findMessage(id: string): Message | undefined {
    for (const list of Object.values(this.state.messages)) {
      const m = list.find((x) => x.id === id);
      if (m) return m;
    }
    return undefined;
  }

  dmChannel(userId: string, create: (id: string) => string): Channel {
    let ch = this.state.channels.find((c) => c.type === 1 && c.recipientId === userId);
    if (!ch) {
      ch = { id: create(userId), name: '', type: 1, recipientId: userId };
      this.state.channels.push(ch);
    }
    return ch;
  }
}
