// Renders Discord messages as DOM nodes. Text is only ever set through textContent.

/** @param {string} tag @param {Record<string,string>} [attrs] @param {(Node|string|null|undefined)[]} [children] */
export function h(tag, attrs = {}, children = []) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') el.className = v;
    else if (k === 'text') el.textContent = v;
    else el.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) el.append(c);
  return el;
}

const displayName = (u) => (u ? u.global_name || u.username : 'Unknown');

/** Content with `<@id>` user mentions and @everyone/@here turned into highlighted spans. */
export function renderContent(content, users, me) {
  const frag = document.createDocumentFragment();
  const re = /<@!?(\d{17,20})>|<@&(\d{17,20})>|@everyone|@here/g;
  let last = 0;
  for (const m of content.matchAll(re)) {
    frag.append(content.slice(last, m.index));
    const user = m[1] && users.find((u) => u.id === m[1]);
    const label = m[1] ? `@${user ? displayName(user) : 'unknown-user'}` : m[2] ? '@role' : m[0];
    const mine = (m[1] && me && m[1] === me.id) || (!m[1] && !m[2]);
    frag.append(h('span', { class: mine ? 'mention mention-me' : 'mention', text: label }));
    last = m.index + m[0].length;
  }
  frag.append(content.slice(last));
  return frag;
}

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

function renderComponents(msg) {
  const rows = (msg.components || []).filter((r) => r.type === 1);
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
          const b = h('button', {
            type: 'button',
            class: `btn btn-style-${c.style}`,
            'data-message': msg.id,
            'data-custom': c.custom_id || '',
            text: `${c.emoji?.name ? c.emoji.name + ' ' : ''}${c.label || ''}`,
          });
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

function renderEmbed(e) {
  return h('div', { class: 'embed' }, [
    e.title ? h('div', { class: 'embed-title', text: e.title }) : null,
    e.description ? h('div', { class: 'embed-desc', text: e.description }) : null,
    ...(e.fields || []).map((f) =>
      h('div', { class: 'embed-field' }, [h('strong', { text: f.name }), h('div', { text: f.value })]),
    ),
    e.image?.url ? h('img', { src: e.image.url, alt: e.title || 'Embedded image', class: 'media' }) : null,
  ]);
}

export function renderMessage(msg, users, me) {
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
    msg.content ? h('div', { class: 'content' }, [renderContent(msg.content, known, me)]) : null,
    ...(msg.embeds || []).map(renderEmbed),
    (msg.attachments || []).length
      ? h('div', { class: 'attachments' }, msg.attachments.map(renderAttachment))
      : null,
    ...renderComponents(msg),
    (msg.flags & 64) !== 0 ? h('div', { class: 'only-you', text: 'Only you can see this message' }) : null,
  ]);
  return li;
}
