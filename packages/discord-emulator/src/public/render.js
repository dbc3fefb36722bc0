// Renders Discord messages as DOM nodes. Text is only ever set through textContent.
import { h } from './dom.js';
import { emojiImage, renderMarkdown } from './markdown.js';

const displayName = (u) => (u ? u.global_name || u.username : 'Unknown');

function renderAttachment(a) {
  const type = a.content_type || '';
  const label = a.description || a.filename;
  if (type.startsWith('image/'))
    return h('a', { href: a.url, target: '_blank', rel: 'noopener', class: 'media' }, [
      h('img', { src: a.url, alt: label, loading: 'lazy' }),
    ]);
  if (type.startsWith('video/'))
    return h('video', { src: a.url, controls: '', class: 'media', 'aria-label': label, preload: 'metadata' });
  if (type.startsWith('audio/'))
    return h('div', { class: 'audio' }, [
      h('span', { text: a.filename }),
      h('audio', { src: a.url, controls: '', 'aria-label': label, preload: 'metadata' }),
    ]);
  return h('a', { href: a.url, class: 'file', download: a.filename, text: `📎 ${a.filename}` });
}

/** A Components V2 media item: an image or a video, from its unfurled URL. */
function renderMedia(media, label) {
  const type = media?.content_type || '';
  if (type.startsWith('video/'))
    return h('video', {
      src: media.url,
      controls: '',
      class: 'media',
      'aria-label': label,
      preload: 'metadata',
    });
  return h('a', { href: media?.url, target: '_blank', rel: 'noopener', class: 'gallery-item' }, [
    h('img', { src: media?.url, alt: label, loading: 'lazy' }),
  ]);
}

/**
 * Components V2 (flag 1<<15): containers, sections, Text Displays (markdown), Media Galleries (a
 * grid of up to ten), Files, Separators and Thumbnails, and action rows among them.
 */
function renderV2(msg, list, ctx) {
  return list.map((c) => {
    switch (c.type) {
      case 17:
        return h('div', { class: 'v2-container' }, renderV2(msg, c.components || [], ctx));
      case 9:
        return h('div', { class: 'v2-section' }, [
          h('div', {}, renderV2(msg, c.components || [], ctx)),
          c.accessory ? renderV2(msg, [c.accessory], ctx)[0] : null,
        ]);
      case 10:
        return h('div', { class: 'content' }, [renderMarkdown(c.content || '', ctx)]);
      case 11:
        return h('img', { class: 'v2-thumb', src: c.media?.url, alt: c.description || 'Thumbnail' });
      case 12:
        return h(
          'div',
          { class: `v2-gallery v2-gallery-${Math.min((c.items || []).length, 4)}` },
          (c.items || []).map((item, i) => renderMedia(item.media, item.description || `Image ${i + 1}`)),
        );
      case 13:
        return h('a', {
          href: c.file?.url,
          class: 'file',
          download: c.name || '',
          text: `📎 ${c.name || 'file'}`,
        });
      case 14:
        return h('hr', { class: 'v2-separator' });
      case 1:
        return renderRows(msg, [c])[0];
      case 2:
        return renderRows(msg, [{ type: 1, components: [c] }])[0];
      default:
        return null;
    }
  });
}

function renderComponents(msg) {
  return renderRows(
    msg,
    (msg.components || []).filter((r) => r.type === 1),
  );
}

function renderRows(msg, rows) {
  return rows.map((row) =>
    h(
      'div',
      { class: 'row', role: 'group' },
      row.components.map((c) => {
        if (c.type === 2 && c.style === 5)
          return h('a', {
            class: 'btn btn-link',
            href: c.url,
            target: '_blank',
            rel: 'noopener',
            text: c.label || 'Link',
          });
        if (c.type === 2) {
          // The label names the button; an emoji-only button is named by its emoji.
          const b = h(
            'button',
            {
              type: 'button',
              class: `btn btn-style-${c.style}`,
              'data-message': msg.id,
              'data-custom': c.custom_id || '',
            },
            [
              c.emoji?.name ? emojiImage(c.emoji.name, Boolean(c.label)) : null,
              c.label ? h('span', { text: c.label }) : null,
            ],
          );
          if (c.disabled) b.disabled = true;
          return b;
        }
        if ([3, 5, 6, 7, 8].includes(c.type)) {
          const sel = h(
            'select',
            {
              class: 'select',
              'data-message': msg.id,
              'data-custom': c.custom_id,
              'aria-label': c.placeholder || 'Choose',
            },
            [
              h('option', { value: '', text: c.placeholder || 'Make a selection' }),
              ...(c.options || []).map((o) => h('option', { value: o.value, text: o.label })),
            ],
          );
          return sel;
        }
        return null;
      }),
    ),
  );
}

function renderEmbed(e, ctx) {
  return h('div', { class: 'embed' }, [
    e.title ? h('div', { class: 'embed-title', text: e.title }) : null,
    e.description ? h('div', { class: 'embed-desc' }, [renderMarkdown(e.description, ctx)]) : null,
    ...(e.fields || []).map((f) =>
      h('div', { class: 'embed-field' }, [h('strong', { text: f.name }), h('div', { text: f.value })]),
    ),
    e.image?.url ? h('img', { src: e.image.url, alt: e.title || 'Embedded image', class: 'media' }) : null,
  ]);
}

export function renderMessage(msg, users, me, channels = [], messageCommands = []) {
  if (msg.notice)
    return h('li', { class: 'msg notice', role: 'status' }, [h('span', { text: `⚠ ${msg.content}` })]);
  const author = msg.author || {};
  const time = new Date(msg.timestamp);
  const meta = msg.interaction_metadata;
  const loading = (msg.flags & 128) !== 0;
  const known = [
    ...(msg.mentions || []),
    ...users.map((u) => ({ id: u.id, username: u.username, global_name: u.globalName })),
  ];
  const li = h('li', { class: `msg${(msg.flags & 64) !== 0 ? ' ephemeral' : ''}`, 'data-id': msg.id }, [
    meta
      ? h('div', {
          class: 'used',
          text: `${displayName(meta.user)} used ${msg.command ? '/' + msg.command : 'a component'}`,
        })
      : null,
    h('div', { class: 'head' }, [
      h('span', { class: 'author', text: displayName(author) }),
      author.bot ? h('span', { class: 'tag', text: 'APP' }) : null,
      h('time', {
        datetime: msg.timestamp,
        text: time.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }),
      }),
      msg.edited_timestamp ? h('span', { class: 'edited', text: '(edited)' }) : null,
    ]),
    loading ? h('div', { class: 'thinking', text: `${displayName(author)} is thinking…` }) : null,
    msg.content
      ? h('div', { class: 'content' }, [renderMarkdown(msg.content, { users: known, me, channels })])
      : null,
    ...(msg.embeds || []).map((e) => renderEmbed(e, { users: known, me, channels })),
    // A Components V2 message shows its files where its components place them.
    (msg.flags & 32768) === 0 && (msg.attachments || []).length
      ? h('div', { class: 'attachments' }, msg.attachments.map(renderAttachment))
      : null,
    ...((msg.flags & 32768) !== 0
      ? renderV2(msg, msg.components || [], { users: known, me, channels })
      : renderComponents(msg)),
    (msg.flags & 64) !== 0 ? h('div', { class: 'only-you', text: 'Only you can see this message' }) : null,
    // Discord's message context menu (right-click › Apps): the app's message commands.
    messageCommands.length && (msg.flags & 64) === 0
      ? h('details', { class: 'apps' }, [
          h('summary', { text: 'Apps', 'aria-label': 'Apps for this message' }),
          ...messageCommands.map((c) =>
            h('button', {
              type: 'button',
              class: 'btn btn-style-2',
              'data-message': msg.id,
              'data-message-command': c.name,
              text: c.name,
            }),
          ),
        ])
      : null,
  ]);
  return li;
}
