import {
  BLANK_LINK,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_TAGS,
  RICH_TEXT_VALUE_FILTERS,
  isAllowedImageSrc,
  isAllowedVideoSrc,
  sanitizeLinkUrl,
  toVideoEmbedUrl,
} from '@app/domain';
import DOMPurify from 'dompurify';

// A purifier of our own, so its hooks apply to changelog HTML only.
const purifier = DOMPurify();

const ALL_ATTRIBUTES = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];

// Unsafe links become blank links, as the editor and the server make them.
purifier.addHook('uponSanitizeAttribute', (node, data) => {
  if (node.nodeName !== 'A' || data.attrName !== 'href') return;
  data.attrValue = sanitizeLinkUrl(data.attrValue);
  if (data.attrValue === BLANK_LINK) data.forceKeepAttr = true;
});

purifier.addHook('afterSanitizeAttributes', (node) => {
  const tag = node.tagName.toLowerCase();
  const allowed = RICH_TEXT_ATTRIBUTES[tag] ?? [];
  for (const name of node.getAttributeNames()) if (!allowed.includes(name)) node.removeAttribute(name);

  for (const [name, filter] of Object.entries(RICH_TEXT_VALUE_FILTERS)) {
    const value = node.getAttribute(name);
    if (value === null) continue;
    const kept = filter(value);
    if (kept) node.setAttribute(name, kept);
    else node.removeAttribute(name);
  }

  const src = node.getAttribute('src') ?? '';
  if (tag === 'a') {
    const href = node.getAttribute('href');
    if (href !== null) node.setAttribute('href', sanitizeLinkUrl(href));
    node.setAttribute('rel', 'noopener noreferrer');
    node.setAttribute('target', '_blank');
  } else if (tag === 'img' && !isAllowedImageSrc(src)) {
    node.remove();
  } else if (tag === 'iframe') {
    // Only the two video players, at their embed address (a link to either site is rewritten).
    const embed = toVideoEmbedUrl(src);
    if (embed) {
      node.setAttribute('src', embed);
      node.setAttribute('class', 'ql-video');
    } else node.remove();
  } else if (tag === 'video') {
    if (isAllowedVideoSrc(src)) node.setAttribute('controls', 'true');
    else node.remove();
  }
});

/** The browser's second pass over stored changelog HTML, with the same allow-list as the server. */
export function sanitizeForDisplay(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_TAGS],
    ALLOWED_ATTR: ALL_ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
    ADD_ATTR: ['target'],
    ADD_URI_SAFE_ATTR: [],
    FORBID_TAGS: ['style', 'script', 'svg', 'math', 'form', 'object', 'embed', 'template', 'noscript'],
    RETURN_TRUSTED_TYPE: false,
  });
}
