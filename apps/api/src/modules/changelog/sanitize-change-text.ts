import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_TAGS,
  RICH_TEXT_VALUE_FILTERS,
  isAllowedImageSrc,
  isAllowedVideoSrc,
  sanitizeLinkUrl,
  toVideoEmbedUrl,
} from '@app/domain';
import sanitizeHtml from 'sanitize-html';

type Attributes = Record<string, string>;

/** Keeps only the editor's classes and safe colour/size styles on every element. */
function filterCommon(tagName: string, attribs: Attributes) {
  const next: Attributes = { ...attribs };
  for (const [name, filter] of Object.entries(RICH_TEXT_VALUE_FILTERS)) {
    if (next[name] === undefined) continue;
    const kept = filter(next[name]);
    if (kept) next[name] = kept;
    else delete next[name];
  }
  return { tagName, attribs: next };
}

function withSrc(attribs: Attributes, allowed: (src: string) => boolean): Attributes {
  const next = { ...attribs };
  if (next.src === undefined || !allowed(next.src)) delete next.src;
  return next;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: RICH_TEXT_ATTRIBUTES,
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {
    a: ['http', 'https', 'mailto', 'tel', 'about'],
    img: ['http', 'https', 'data'],
    iframe: ['https'],
    video: ['http', 'https'],
  },
  allowProtocolRelative: false,
  // Unknown tags go, their text stays; script, style and similar lose their contents too.
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'title',
    'xmp',
    'noembed',
    'noframes',
  ],
  transformTags: {
    '*': (tagName, attribs) => filterCommon(tagName, attribs),
    a: (tagName, attribs) => {
      const common = filterCommon(tagName, attribs).attribs;
      const next: Attributes = { ...common, rel: 'noopener noreferrer', target: '_blank' };
      if (common.href !== undefined) next.href = sanitizeLinkUrl(common.href);
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => ({
      tagName,
      attribs: withSrc(attribs, isAllowedImageSrc),
    }),
    // A frame shows one of the two video players only, its link rewritten to the embed address.
    iframe: (tagName, attribs) => {
      const embed = attribs.src === undefined ? null : toVideoEmbedUrl(attribs.src);
      const next: Attributes = { class: 'ql-video', frameborder: '0', allowfullscreen: 'true' };
      if (embed) next.src = embed;
      return { tagName, attribs: next };
    },
    video: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...withSrc(attribs, isAllowedVideoSrc),
        controls: 'true',
      },
    }),
  },
  // Media without an allowed source are removed whole.
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' || frame.tag === 'iframe' || frame.tag === 'video') && !frame.attribs.src,
};

/**
 * Reduces HTML to what the changelog editor can produce: its tags, classes and colour styles,
 * links to http/https/mailto/tel, images from http/https and raster data images, frames to the
 * YouTube and Vimeo players only (links to either site rewritten to their embed address).
 */
export function sanitizeChangeText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
