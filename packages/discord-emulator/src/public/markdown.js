// Discord's Markdown, parsed with simple-markdown (the parser Discord's client grew from; its browser
// build defines window.SimpleMarkdown) and drawn as DOM nodes: text only ever goes in through
// textContent, links only to http(s), emoji as Twemoji images (found by Twemoji's parser, served as
// window.TwemojiParser).
import { h } from './dom.js';

const SM = globalThis.SimpleMarkdown;
const parseEmoji = globalThis.TwemojiParser.parse;
const base = SM.defaultRules;
const prefix = document.body.dataset.prefix || '';

const atLineStart = (prev) => prev === '' || prev.endsWith('\n');
const plainText = SM.anyScopeRegex(/^[\s\S]+?(?=[^0-9A-Za-z\s\u00c0-\uffff]|\n|\w+:\S|$)/u);
/** The emoji in `text` (Twemoji's parser), each with the address of its picture on this server. */
const emojiIn = (text) =>
  parseEmoji(text, { buildUrl: (codepoints) => `${prefix}/app/emoji/${codepoints}.svg` });

/** The address of an emoji's Twemoji picture, or undefined when the text is no emoji. */
export const emojiUrl = (emoji) => emojiIn(emoji)[0]?.url;

/** An emoji as a Twemoji picture; its text stays as `alt` (copy, screen readers, a missing file). */
export function emojiImage(emoji, decorative = false) {
  const src = emojiUrl(emoji);
  if (!src) return document.createTextNode(decorative ? '' : emoji);
  const img = h('img', { class: 'emoji', src, alt: decorative ? '' : emoji, draggable: 'false' });
  img.addEventListener('error', () => img.replaceWith(decorative ? '' : emoji), { once: true });
  return img;
}

let order = 0;
const next = () => order++;

const rules = {
  codeBlock: {
    order: next(),
    match: SM.anyScopeRegex(/^```(?:([\w+-]+)\n)?\n*([\s\S]+?)\n*```/),
    parse: (capture) => ({ lang: capture[1] || '', content: capture[2] }),
  },
  blockQuote: {
    order: next(),
    // `> ` quotes one line, `>>> ` everything after it.
    match(source, state, prev) {
      if (state.inQuote || !atLineStart(prev)) return null;
      return /^(?: *>>> ([\s\S]*))|^(?: *> [^\n]*(?:\n *> [^\n]*)*\n?)/.exec(source);
    },
    parse(capture, parse, state) {
      const text = capture[1] !== undefined ? capture[1] : capture[0].replace(/^ *> ?/gm, '');
      const inQuote = state.inQuote;
      state.inQuote = true;
      const content = parse(text.replace(/\n$/, ''), state);
      state.inQuote = inQuote;
      return { content };
    },
  },
  heading: {
    order: next(),
    match(source, state, prev) {
      if (!atLineStart(prev)) return null;
      return /^(#{1,3}) +([^\n]+?) *(?:\n|$)/.exec(source);
    },
    parse: (capture, parse, state) => ({ level: capture[1].length, content: parse(capture[2], state) }),
  },
  escape: { ...base.escape, order: next() },
  spoiler: {
    order: next(),
    match: SM.anyScopeRegex(/^\|\|([\s\S]+?)\|\|/),
    parse: (capture, parse, state) => ({ content: parse(capture[1], state) }),
  },
  userMention: {
    order: next(),
    match: SM.anyScopeRegex(/^<@!?(\d{17,20})>/),
    parse: (capture) => ({ id: capture[1] }),
  },
  channelMention: {
    order: next(),
    match: SM.anyScopeRegex(/^<#(\d{17,20})>/),
    parse: (capture) => ({ id: capture[1] }),
  },
  roleMention: {
    order: next(),
    match: SM.anyScopeRegex(/^<@&(\d{17,20})>/),
    parse: (capture) => ({ id: capture[1] }),
  },
  timestamp: {
    order: next(),
    // Discord's <t:unix> and <t:unix:style>, shown in the reader's own time.
    match: SM.anyScopeRegex(/^<t:(-?\d{1,13})(?::([tTdDfFR]))?>/),
    parse: (capture) => ({ seconds: Number(capture[1]), style: capture[2] || 'f' }),
  },
  everyone: {
    order: next(),
    match: SM.anyScopeRegex(/^@(?:everyone|here)\b/),
    parse: (capture) => ({ content: capture[0] }),
  },
  emoji: {
    order: next(),
    match(source) {
      const [first] = emojiIn(source);
      return first?.indices[0] === 0 ? [first.text] : null;
    },
    parse: (capture) => ({ content: capture[0] }),
  },
  link: { ...base.link, order: next() },
  autolink: { ...base.autolink, order: next() },
  url: { ...base.url, order: next() },
  strong: { ...base.strong, order: next() },
  u: { ...base.u, order: next() },
  em: { ...base.em, order: next() },
  del: { ...base.del, order: next() },
  inlineCode: { ...base.inlineCode, order: next() },
  br: { order: next(), match: SM.anyScopeRegex(/^\n/), parse: () => ({}) },
  text: {
    ...base.text,
    order: next(),
    // simple-markdown's text rule, also stopping at a line break and before an emoji so that each
    // gets its own node.
    match(source, state, prev) {
      const capture = plainText(source, state, prev);
      const emoji = capture && emojiIn(capture[0]).find((found) => found.indices[0] > 0);
      return emoji ? [capture[0].slice(0, emoji.indices[0])] : capture;
    },
  },
};

const parse = SM.parserFor(rules);

const safeHref = (target) => {
  const url = SM.sanitizeUrl(target);
  return url && /^https?:\/\//i.test(url) ? url : null;
};

/**
 * Message content as DOM nodes. `ctx`: `users` (id, username, global name), `me`, `channels`
 * (id, name) for mentions.
 */
export function renderMarkdown(content, ctx) {
  const frag = document.createDocumentFragment();
  for (const node of parse(content, { inline: true })) frag.append(draw(node, ctx));
  return frag;
}

function drawAll(nodes, ctx) {
  if (typeof nodes === 'string') return [nodes];
  return nodes.map((node) => draw(node, ctx));
}

function draw(node, ctx) {
  switch (node.type) {
    case 'text':
      return document.createTextNode(node.content);
    case 'strong':
      return h('strong', {}, drawAll(node.content, ctx));
    case 'em':
      return h('em', {}, drawAll(node.content, ctx));
    case 'u':
      return h('u', {}, drawAll(node.content, ctx));
    case 'del':
      return h('s', {}, drawAll(node.content, ctx));
    case 'inlineCode':
      return h('code', { class: 'inline-code', text: node.content });
    case 'codeBlock':
      return h('pre', { class: 'code-block' }, [
        h('code', node.lang ? { 'data-lang': node.lang, text: node.content } : { text: node.content }),
      ]);
    case 'blockQuote':
      return h('blockquote', {}, drawAll(node.content, ctx));
    case 'heading':
      return h(`h${node.level + 2}`, { class: `md-heading md-h${node.level}` }, drawAll(node.content, ctx));
    case 'spoiler': {
      const spoiler = h(
        'button',
        { type: 'button', class: 'spoiler', 'aria-label': 'Spoiler, press to reveal' },
        [h('span', { class: 'spoiler-text' }, drawAll(node.content, ctx))],
      );
      spoiler.addEventListener(
        'click',
        () => {
          spoiler.classList.add('revealed');
          spoiler.removeAttribute('aria-label');
        },
        { once: true },
      );
      return spoiler;
    }
    case 'link': {
      const href = safeHref(node.target);
      const children = drawAll(node.content, ctx);
      if (!href) return h('span', {}, children);
      return h('a', { href, target: '_blank', rel: 'noopener noreferrer', title: node.target }, children);
    }
    case 'userMention': {
      const user = ctx.users.find((u) => u.id === node.id);
      const name = user ? user.global_name || user.globalName || user.username : 'unknown-user';
      const mine = ctx.me && ctx.me.id === node.id;
      return h('span', { class: mine ? 'mention mention-me' : 'mention', text: `@${name}` });
    }
    case 'channelMention': {
      const channel = ctx.channels.find((c) => c.id === node.id);
      if (!channel) return h('span', { class: 'mention', text: '#unknown' });
      return h('a', { href: '#', class: 'mention', 'data-channel': channel.id, text: `#${channel.name}` });
    }
    case 'roleMention':
      return h('span', { class: 'mention', text: '@role' });
    case 'timestamp': {
      const at = new Date(node.seconds * 1000);
      const time = { hour: '2-digit', minute: '2-digit' };
      const formats = {
        t: time,
        T: { ...time, second: '2-digit' },
        d: { dateStyle: 'short' },
        D: { dateStyle: 'long' },
        f: { dateStyle: 'long', timeStyle: 'short' },
        F: { dateStyle: 'full', timeStyle: 'short' },
      };
      const text =
        node.style === 'R' ? relative(at) : at.toLocaleString([], formats[node.style] ?? formats.f);
      return h('time', { class: 'timestamp', datetime: at.toISOString(), text });
    }
    case 'everyone':
      return h('span', { class: 'mention mention-me', text: node.content });
    case 'emoji':
      return emojiImage(node.content);
    case 'br':
    case 'newline':
      return h('br');
    default:
      return document.createTextNode(typeof node.content === 'string' ? node.content : '');
  }
}

/** Discord's relative style: "in 5 minutes", "2 hours ago". */
function relative(at) {
  const seconds = Math.round((at.getTime() - Date.now()) / 1000);
  const units = [
    ['year', 31536000],
    ['month', 2592000],
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
    ['second', 1],
  ];
  const [unit, size] = units.find(([, size]) => Math.abs(seconds) >= size) ?? ['second', 1];
  return new Intl.RelativeTimeFormat([], { numeric: 'auto' }).format(Math.round(seconds / size), unit);
}
