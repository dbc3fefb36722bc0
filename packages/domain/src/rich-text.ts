/**
 * The one rich-text policy of the product: what the changelog editor can produce, and therefore
 * all that is ever stored or shown. The API's sanitizer and the browser's both read it.
 */

/** The URI-decoded text, or null when it does not decode (a stray or malformed %-escape). */
export function tryDecodeURIComponent(value: string): string | null {
  // The decoded value is returned, not just probed: minifiers drop a "pure" call whose result is unused.
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** True when the title survives `decodeURIComponent` (the detail page finds entries by it). */
export function isDecodableTitle(title: string): boolean {
  return tryDecodeURIComponent(title) !== null;
}

export const RICH_TEXT_TAGS = [
  'p',
  'h1',
  'h2',
  'h3',
  'strong',
  'em',
  'u',
  's',
  'a',
  'ol',
  'ul',
  'li',
  'br',
  'span',
  'img',
  'iframe',
  'video',
  'blockquote',
  'pre',
  'code',
  'div',
] as const;

/** Attributes allowed per tag; `class` and `style` values are filtered further below. */
export const RICH_TEXT_ATTRIBUTES: Record<string, string[]> = {
  p: ['class'],
  h1: ['class'],
  h2: ['class'],
  h3: ['class'],
  li: ['class', 'data-list'],
  ol: ['class'],
  ul: ['class'],
  span: ['class', 'style'],
  strong: ['style'],
  em: ['style'],
  u: ['style'],
  s: ['style'],
  a: ['href', 'target', 'rel', 'style'],
  img: ['src', 'alt', 'width', 'height'],
  iframe: ['src', 'class', 'frameborder', 'allowfullscreen'],
  video: ['src', 'controls', 'class'],
  blockquote: ['class'],
  pre: ['class', 'spellcheck'],
  div: ['class', 'spellcheck'],
};

export const LIST_KINDS = ['ordered', 'bullet', 'checked', 'unchecked'] as const;
export const FONT_SIZES_PX = ['8px', '10px', '12px', '14px', '16px', '18px', '24px', '36px'] as const;

const CLASS_PATTERN =
  /^ql-(?:align-(?:center|right|justify)|indent-[1-8]|size-(?:small|large|huge)|font-(?:serif|monospace)|video|code-block|code-block-container)$/;

/** Keeps the editor's own classes (alignment, indent, size, font, video, code block) and drops the rest. */
export function filterRichTextClasses(value: string): string {
  return value
    .split(/\s+/)
    .filter((name) => CLASS_PATTERN.test(name))
    .join(' ');
}

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)$/i;

/** A plain colour value: hex or rgb()/rgba() with numbers only. */
export function isSafeColor(value: string): boolean {
  const trimmed = value.trim();
  return HEX.test(trimmed) || RGB.test(trimmed);
}

export const RICH_TEXT_STYLES = {
  color: isSafeColor,
  'background-color': isSafeColor,
  'font-size': (value: string) => (FONT_SIZES_PX as readonly string[]).includes(value.trim()),
} as const satisfies Record<string, (value: string) => boolean>;

/** Keeps only colour and font-size declarations with safe values. */
export function filterRichTextStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    const check = RICH_TEXT_STYLES[property as keyof typeof RICH_TEXT_STYLES];
    if (check?.(value)) kept.push(`${property}: ${value}`);
  }
  return kept.join('; ');
}

/** Attributes whose values are filtered on every element; an empty result drops the attribute. */
export const RICH_TEXT_VALUE_FILTERS = {
  class: filterRichTextClasses,
  style: filterRichTextStyle,
} as const satisfies Record<string, (value: string) => string>;

// Resolving against a base makes relative links count as the page's own scheme, like a browser.
const BASE = 'https://relative.invalid/';

function protocolOf(url: string): string | null {
  try {
    return new URL(url, BASE).protocol;
  } catch {
    return null;
  }
}

/** The link the editor would keep: http, https, mailto and tel; anything else becomes a blank link. */
export const BLANK_LINK = 'about:blank';
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
export function isSafeLinkUrl(url: string): boolean {
  const protocol = protocolOf(url);
  return protocol !== null && LINK_PROTOCOLS.has(protocol);
}
export function sanitizeLinkUrl(url: string): string {
  return isSafeLinkUrl(url) ? url : BLANK_LINK;
}

// Raster types only, base64 encoded, with optional plain parameters (`;name=shot.png`).
const DATA_IMAGE =
  /^data:image\/(?:png|gif|jpeg|jpg|pjpeg|bmp|x-ms-bmp|webp|avif|x-icon|vnd\.microsoft\.icon)(?:;[a-z0-9-]+=[a-z0-9._-]+)*;base64,[a-z0-9+/=\s]+$/i;

/** Image sources: http, https and raster data images (never SVG or HTML, which can carry script). */
export function isSafeImageSrc(url: string): boolean {
  const trimmed = url.trim();
  if (/^data:/i.test(trimmed)) return DATA_IMAGE.test(trimmed);
  const protocol = protocolOf(trimmed);
  return protocol === 'http:' || protocol === 'https:';
}

/** Uploaded media are served by the product at /uploads/<random name>. */
const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9_-]+\.[a-z0-9]{2,5}$/;
export function isUploadedMediaSrc(url: string): boolean {
  return UPLOAD_PATH.test(url.trim());
}

/** Where an image may load from: safe image sources and our uploads. */
export function isAllowedImageSrc(src: string): boolean {
  return isSafeImageSrc(src) || isUploadedMediaSrc(src);
}

/** Where a video may load from: our uploads, or http/https (never a data URL). */
export function isAllowedVideoSrc(src: string): boolean {
  return isUploadedMediaSrc(src) || (isSafeImageSrc(src) && !/^data:/i.test(src));
}

const YOUTUBE_EMBED = /^https:\/\/www\.youtube\.com\/embed\/[A-Za-z0-9_-]{6,20}(?:\?[A-Za-z0-9_=&-]*)?$/;
const VIMEO_EMBED = /^https:\/\/player\.vimeo\.com\/video\/\d{1,12}(?:\?[A-Za-z0-9_=&-]*)?$/;

/** Frames are allowed only for YouTube and Vimeo embeds. */
export function isVideoEmbedUrl(url: string): boolean {
  const trimmed = url.trim();
  return YOUTUBE_EMBED.test(trimmed) || VIMEO_EMBED.test(trimmed);
}

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** A start time as YouTube links give it (`90`, `90s`, `1m30s`, `1h2m3s`) in seconds; 0 when none. */
function startSeconds(value: string | null): number {
  const match = value ? /^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/.exec(value) : null;
  if (!match) return 0;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

function youtubeIdOf(host: string, segments: string[], query: URLSearchParams): string | undefined {
  if (host === 'youtu.be') return segments.length === 1 ? segments[0] : undefined;
  if (!YOUTUBE_HOSTS.has(host)) return undefined;
  if (segments.length === 1 && segments[0] === 'watch') return query.get('v') ?? undefined;
  if (segments.length === 2 && ['embed', 'shorts', 'live', 'v'].includes(segments[0]!)) return segments[1];
  return undefined;
}

function vimeoOf(host: string, segments: string[], query: URLSearchParams) {
  if (!VIMEO_HOSTS.has(host)) return undefined;
  if (host === 'player.vimeo.com')
    return segments.length === 2 && segments[0] === 'video'
      ? { id: segments[1]!, hash: query.get('h') ?? undefined }
      : undefined;
  // vimeo.com/<id>, vimeo.com/<id>/<hash> (unlisted), vimeo.com/channels/<name>/<id>.
  if (segments.length >= 1 && segments.length <= 2 && VIMEO_ID.test(segments[0]!))
    return { id: segments[0]!, hash: segments[1] };
  if (segments.length === 3 && segments[0] === 'channels') return { id: segments[2]!, hash: undefined };
  return undefined;
}

/**
 * Rewrites a YouTube or Vimeo link (a page, a short link, an embed on another of their hosts) to
 * the one embed address the site frames: `https://www.youtube.com/embed/<id>` or
 * `https://player.vimeo.com/video/<id>`, keeping only a start time or Vimeo's unlisted-video hash.
 * Null for anything else, so a frame never points anywhere but those two players.
 */
export function toVideoEmbedUrl(url: string): string | null {
  const trimmed = url.trim();
  if (isVideoEmbedUrl(trimmed)) return trimmed;
  let parsed: URL;
  try {
    parsed = new URL(SCHEME.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/\//, '')}`);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.username || parsed.password || parsed.port) return null;
  const host = parsed.hostname.toLowerCase();
  const segments = parsed.pathname.split('/').filter(Boolean);
  const youtubeId = youtubeIdOf(host, segments, parsed.searchParams);
  if (youtubeId !== undefined) {
    if (!YOUTUBE_ID.test(youtubeId)) return null;
    const start = startSeconds(parsed.searchParams.get('t') ?? parsed.searchParams.get('start'));
    return `https://www.youtube.com/embed/${youtubeId}?showinfo=0${start > 0 ? `&start=${start}` : ''}`;
  }
  const vimeo = vimeoOf(host, segments, parsed.searchParams);
  if (vimeo === undefined || !VIMEO_ID.test(vimeo.id)) return null;
  if (vimeo.hash !== undefined && !VIMEO_HASH.test(vimeo.hash)) return null;
  return `https://player.vimeo.com/video/${vimeo.id}${vimeo.hash ? `?h=${vimeo.hash}` : ''}`;
}
