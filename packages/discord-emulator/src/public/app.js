// The channel page: acts as the signed-in user, polls for changes, sends commands to the app.
import { h } from './dom.js';
import { emojiUrl } from './markdown.js';
import { renderMessage } from './render.js';
import { commandForm, readCommandForm, typedOptionName } from './command-form.js';
import { showModal } from './modal.js';

const prefix = document.body.dataset.prefix || '';
const api = (path) => `${prefix}/app/api${path}`;
const root = document.getElementById('root');
let state = null;
let current = null; // channel id
let selectedCommand = null;
let shownModal = null;
let activeIndex = -1;
/** Interactions this page sent: a modal is shown only to the page that asked for it, once. */
const mine = new Set();
/** Whether the reader is at the newest message: new ones then scroll into view, as on Discord. */
let stuck = true;
/** Where the list was last scrolled to: only the reader scrolling up leaves the newest message. */
let lastTop = 0;
/** Messages of the open channel the reader has seen (below the fold: counted as new). */
let seenIds = new Set();
let unseen = 0;
/**
 * The element drawn for each message, with what it was drawn from: a message that has not changed
 * keeps its element across polls, so a revealed spoiler stays revealed, a focused button keeps the
 * focus and an open menu stays open, as on Discord.
 */
let drawn = new Map();

async function call(path, init) {
  const res = await fetch(api(path), { credentials: 'same-origin', ...init });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(body.error?.message || `HTTP ${res.status}`);
  return body;
}
const postJson = (path, body) =>
  call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

function layout() {
  root.className = 'app';
  root.replaceChildren(
    h('nav', { id: 'sidebar', class: 'sidebar', 'aria-label': 'Channels' }, [
      h('h1', { class: 'guild', text: state.guild.name }),
      h('h2', { class: 'section', text: 'Text channels' }),
      h('ul', { id: 'channels', class: 'channels' }),
      h('h2', { class: 'section', id: 'foreign-title', text: 'Another server' }),
      h('ul', { id: 'foreign', class: 'channels', 'aria-labelledby': 'foreign-title' }),
      h('h2', { class: 'section', text: 'Direct messages' }),
      h('ul', { id: 'dms', class: 'channels' }),
      h('h2', { class: 'section', id: 'members-title', text: 'Members' }),
      h('ul', { id: 'members', class: 'members', 'aria-labelledby': 'members-title' }),
      h('div', { id: 'me', class: 'me' }),
    ]),
    h('div', { id: 'scrim', class: 'scrim' }),
    h('main', { class: 'chat' }, [
      h('header', { class: 'chat-head' }, [
        // Phone widths: the channel list is a drawer, as in Discord's phone layout.
        h('button', {
          id: 'menu',
          type: 'button',
          class: 'menu',
          'aria-label': 'Channels',
          'aria-controls': 'sidebar',
          'aria-expanded': 'false',
        }),
        h('h2', { id: 'title' }),
      ]),
      h('ol', {
        id: 'messages',
        class: 'messages',
        role: 'log',
        'aria-live': 'polite',
        'aria-labelledby': 'title',
      }),
      h('button', { id: 'new-messages', type: 'button', class: 'new-messages', hidden: '' }),
      h('p', { id: 'status', class: 'status', role: 'status' }),
      h('form', { id: 'composer', class: 'composer', autocomplete: 'off', novalidate: '' }, [
        h('ul', {
          id: 'suggestions',
          class: 'suggestions',
          role: 'listbox',
          'aria-label': 'Commands',
          hidden: '',
        }),
        h('div', { id: 'options', class: 'options' }),
        h('div', { class: 'bar' }, [
          h('label', { for: 'file', class: 'attach', title: 'Attach a file' }, [
            h('span', { class: 'sr-only', text: 'Attach a file' }),
            h('span', { 'aria-hidden': 'true', text: '+' }),
          ]),
          h('input', { id: 'file', type: 'file', class: 'sr-only', multiple: '' }),
          h('label', { for: 'input', class: 'sr-only', id: 'input-label', text: 'Message' }),
          h('input', {
            id: 'input',
            type: 'text',
            role: 'combobox',
            'aria-autocomplete': 'list',
            'aria-controls': 'suggestions',
            'aria-expanded': 'false',
            maxlength: '2000',
          }),
          h('button', { type: 'submit', class: 'send', text: 'Send' }),
        ]),
        h('p', { id: 'files', class: 'files' }),
      ]),
    ]),
    h('dialog', { id: 'modal', class: 'modal', 'aria-labelledby': 'modal-title' }),
  );
  document.getElementById('composer').addEventListener('submit', onSubmit);
  document
    .getElementById('menu')
    .addEventListener('click', () => drawer(!root.classList.contains('drawer-open')));
  document.getElementById('scrim').addEventListener('click', () => drawer(false));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && root.classList.contains('drawer-open')) drawer(false);
  });
  const input = document.getElementById('input');
  input.addEventListener('input', onInput);
  input.addEventListener('keydown', onKey);
  document.getElementById('file').addEventListener('change', (e) => {
    document.getElementById('files').textContent = [...e.target.files].map((f) => f.name).join(', ');
  });
  document.getElementById('messages').addEventListener('click', onComponent);
  document.getElementById('messages').addEventListener('click', onMessageCommand);
  document.getElementById('messages').addEventListener('click', (e) => {
    const mention = e.target.closest('[data-channel]');
    if (!mention) return;
    e.preventDefault();
    open(mention.dataset.channel);
  });
  document.getElementById('messages').addEventListener('change', onComponent);
  const list = document.getElementById('messages');
  list.addEventListener('scroll', () => {
    // A picture growing the list below is not the reader leaving the bottom; scrolling up is.
    if (atBottom(list)) {
      stuck = true;
      newMessages(0);
    } else if (list.scrollTop < lastTop) stuck = false;
    lastTop = list.scrollTop;
  });
  // Pictures and players grow the list as they load: one that was at the bottom stays there.
  list.addEventListener(
    'load',
    () => {
      if (stuck) toBottom();
    },
    true,
  );
  list.addEventListener(
    'loadedmetadata',
    () => {
      if (stuck) toBottom();
    },
    true,
  );
  document.getElementById('new-messages').addEventListener('click', () => {
    toBottom();
    document.getElementById('input').focus();
  });
}

const atBottom = (list) => list.scrollHeight - list.scrollTop - list.clientHeight < 40;

function toBottom() {
  const list = document.getElementById('messages');
  list.scrollTop = list.scrollHeight;
  lastTop = list.scrollTop;
  stuck = true;
  newMessages(0);
}

/** Discord's bar over the list when messages arrived below what the reader is looking at. */
function newMessages(count) {
  unseen = count;
  const bar = document.getElementById('new-messages');
  bar.hidden = count === 0;
  bar.textContent =
    count === 1 ? '1 new message — jump to present' : `${count} new messages — jump to present`;
}

function sidebar() {
  const link = (id, label, nsfw = false) => {
    const b = h('button', { type: 'button', class: 'channel', text: label });
    if (nsfw)
      b.append(h('span', { class: 'badge', 'aria-hidden': 'true', title: 'Age-restricted', text: '18+' }));
    if (id === current) b.setAttribute('aria-current', 'page');
    b.addEventListener('click', () => open(id));
    return h('li', {}, [b]);
  };
  document
    .getElementById('channels')
    .replaceChildren(...state.channels.map((c) => link(c.id, `# ${c.name}`, c.nsfw)));
  // Another server, where the bot is not a member: the app works there once added to your account.
  const foreign = state.foreign || { name: 'Another server', channels: [] };
  document.getElementById('foreign-title').textContent =
    `${foreign.name}${foreign.externalAppsOff ? ' (external apps off)' : ''}`;
  const install = h('button', {
    type: 'button',
    class: 'channel new-dm',
    text: `Add ${state.bot.username} to my account`,
  });
  install.addEventListener('click', async () => {
    await postJson('/install', {});
    await refresh(true);
  });
  document
    .getElementById('foreign')
    .replaceChildren(
      ...foreign.channels.map((c) => link(c.id, `# ${c.name}`, c.nsfw)),
      ...(state.me && !state.me.installed ? [h('li', {}, [install])] : []),
    );
  const dm = state.dms[0];
  const dmItems = dm ? [link(dm.id, `@ ${state.bot.global_name || state.bot.username}`)] : [];
  const openDm = h('button', {
    type: 'button',
    class: 'channel new-dm',
    text: dm ? 'Refresh DMs' : `Message ${state.bot.username}`,
  });
  openDm.addEventListener('click', async () => open((await postJson('/dms', {})).id));
  document.getElementById('dms').replaceChildren(...dmItems, ...(dm ? [] : [h('li', {}, [openDm])]));
  members();
  const me = document.getElementById('me');
  const name = h('span', {
    class: 'me-name',
    text: state.me ? state.me.globalName || state.me.username : 'Not signed in',
  });
  // The client's language: the `locale` every interaction from this person carries.
  const languages = [
    ['en-US', 'English'],
    ['de', 'Deutsch'],
    ['fr', 'Français'],
    ['es-ES', 'Español'],
    ['pt-BR', 'Português do Brasil'],
    ['ja', '日本語'],
    ['ko', '한국어'],
  ];
  // A menu of buttons (not a <select>, whose options would mix with the command suggestions).
  const chosen = state.me?.locale || 'en-US';
  const language = h('details', { class: 'language' }, [
    h('summary', { text: `Language: ${languages.find(([value]) => value === chosen)?.[1] ?? chosen}` }),
    ...languages.map(([value, text]) => {
      const b = h('button', { type: 'button', class: 'btn btn-style-2', text, 'data-locale': value });
      if (value === chosen) b.setAttribute('aria-pressed', 'true');
      b.disabled = !state.me;
      b.addEventListener('click', async () => {
        await postJson('/locale', { locale: value });
        await refresh(true);
      });
      return b;
    }),
  ]);
  if (!state.picker) return me.replaceChildren(name, language);
  const pick = h('select', { id: 'picker' }, [
    h('option', { value: '', text: 'Choose a user' }),
    ...state.users.map((u) => h('option', { value: u.id, text: u.globalName || u.username })),
  ]);
  if (state.me) pick.value = state.me.id;
  pick.addEventListener('change', async () => {
    await postJson('/me', { userId: pick.value });
    await refresh(true);
  });
  me.replaceChildren(h('label', { for: 'picker', text: 'Act as' }), pick, language);
}

/** The server's members with their roles, each role in its colour. */
function members() {
  const hex = (color) => `#${color.toString(16).padStart(6, '0')}`;
  document.getElementById('members').replaceChildren(
    ...(state.members || []).map((m) =>
      h('li', { class: 'member', 'data-member': m.id }, [
        h('span', { class: 'member-name', text: m.name }),
        ...m.roles.map((r) => {
          const chip = h('span', { class: 'role', 'data-role': r.id, text: r.name });
          // Through the CSSOM: the page's policy allows no inline style attributes.
          chip.style.setProperty('--role', hex(r.color));
          return chip;
        }),
      ]),
    ),
  );
}

/** Our server's channels and the other server's, for lookups by id. */
const allChannels = () => [...state.channels, ...(state.foreign?.channels || [])];

function channelName(id) {
  const c = allChannels().find((x) => x.id === id);
  return c ? `# ${c.name}` : `@ ${state.bot.global_name || state.bot.username}`;
}

function drawer(show) {
  root.classList.toggle('drawer-open', show);
  document.getElementById('menu').setAttribute('aria-expanded', String(show));
  if (show) document.querySelector('#sidebar [aria-current=page], #sidebar button')?.focus();
}

/** An age-restricted channel the person has not yet said they are old enough for. */
const gated = (id) => Boolean(allChannels().find((c) => c.id === id)?.nsfw && !state.me?.ageConfirmed);

async function open(id) {
  const previous = current;
  current = id;
  selectedCommand = null;
  document.getElementById('options').replaceChildren();
  const title = channelName(id);
  document.getElementById('title').textContent = title;
  document.getElementById('input-label').textContent = `Message ${title}`;
  const input = document.getElementById('input');
  input.readOnly = false;
  input.value = '';
  input.placeholder = `Message ${title} — type / for commands`;
  sidebar();
  if (root.classList.contains('drawer-open')) drawer(false);
  const gate = gated(id);
  document.getElementById('composer').hidden = gate;
  if (gate) return ageGate(id, previous && !gated(previous) ? previous : null);
  stuck = true;
  seenIds = new Set();
  newMessages(0);
  await loadMessages();
}

/** Discord's question before an age-restricted channel, asked once per person. */
function ageGate(id, back) {
  const name = allChannels().find((c) => c.id === id).name;
  const nope = h('button', { type: 'button', class: 'btn btn-style-2', text: 'Nope' });
  const yes = h('button', { type: 'button', class: 'btn btn-style-1', text: 'Continue' });
  nope.addEventListener('click', () => open(back ?? state.channels.find((c) => !c.nsfw).id));
  yes.addEventListener('click', async () => {
    yes.disabled = true;
    try {
      await postJson('/age', {});
      state.me.ageConfirmed = true;
      await open(id);
      document.getElementById('input').focus();
    } catch (err) {
      yes.disabled = false;
      setStatus(err.message);
    }
  });
  const gate = h('li', { class: 'age-gate', role: 'group', 'aria-labelledby': 'age-title' }, [
    h('img', { class: 'gate-icon', src: emojiUrl('🔞'), alt: '' }),
    h('h3', { id: 'age-title', text: 'Age-restricted channel' }),
    h('p', {
      text: `#${name} is for horror and gore that may not be suitable for everyone. You must be 18 or older to view it.`,
    }),
    h('p', { class: 'gate-note', text: 'Confirm once and Discord will not ask again.' }),
    h('div', { class: 'gate-actions' }, [nope, yes]),
  ]);
  document.getElementById('messages').replaceChildren(gate);
  yes.focus();
}

async function loadMessages() {
  if (!current || !state.me || gated(current)) return;
  const channel = current;
  const { messages } = await call(`/channels/${channel}/messages`);
  // Another channel (or its age question) was opened while these were on their way.
  if (channel !== current || gated(channel)) return;
  const list = document.getElementById('messages');
  const top = list.scrollTop;
  const users = [...state.users, state.me];
  const messageCommands = state.commands.filter((c) => c.type === 3);
  // What else a message's drawing depends on: names for mentions, channels, the Apps menu.
  const context = JSON.stringify([users, state.me, state.channels, messageCommands]);
  const kept = new Map();
  const nodes = messages.map((m) => {
    const key = context + JSON.stringify(m);
    const before = drawn.get(m.id);
    const node =
      before?.key === key ? before.node : renderMessage(m, users, state.me, state.channels, messageCommands);
    kept.set(m.id, { key, node });
    return node;
  });
  drawn = kept;
  // Only what changed moves: a message already in its place is left alone.
  nodes.forEach((node, i) => {
    const there = list.children[i];
    if (there !== node) list.insertBefore(node, there ?? null);
  });
  while (list.children.length > nodes.length) list.lastElementChild.remove();
  if (stuck) {
    list.scrollTop = list.scrollHeight;
    lastTop = list.scrollTop;
    seenIds = new Set(messages.map((m) => m.id));
    return;
  }
  // Reading older messages: the view stays put and the bar counts what arrived below.
  list.scrollTop = top;
  lastTop = list.scrollTop;
  const fresh = messages.filter((m) => !seenIds.has(m.id)).length;
  if (fresh) newMessages(unseen + fresh);
  for (const m of messages) seenIds.add(m.id);
}

function matches() {
  const text = document.getElementById('input').value;
  if (!text.startsWith('/') || selectedCommand) return [];
  const q = text.slice(1).split(' ')[0].toLowerCase();
  return state.commands.filter((c) => c.type === 1 && c.name.startsWith(q));
}

/** `/make a red fox`: a command's exact name and a space choose it; the rest goes to its first option. */
function onInput() {
  const input = document.getElementById('input');
  if (!selectedCommand) {
    const typed = /^\/(\S+)\s([\s\S]*)$/.exec(input.value);
    const cmd = typed && state.commands.find((c) => c.type === 1 && c.name === typed[1].toLowerCase());
    if (cmd) return choose(cmd, typed[2]);
  }
  suggest();
}

function suggest() {
  const list = document.getElementById('suggestions');
  const input = document.getElementById('input');
  const found = matches();
  activeIndex = found.length ? 0 : -1;
  list.replaceChildren(
    ...found.map((c, i) => {
      const li = h(
        'li',
        { id: `cmd-${c.name}`, role: 'option', class: 'suggestion', 'aria-selected': String(i === 0) },
        [h('strong', { text: `/${c.name}` }), h('span', { text: c.description })],
      );
      li.addEventListener('mousedown', (e) => {
        e.preventDefault();
        choose(c);
      });
      return li;
    }),
  );
  list.hidden = found.length === 0;
  input.setAttribute('aria-expanded', String(found.length > 0));
  if (found.length) input.setAttribute('aria-activedescendant', `cmd-${found[0].name}`);
  else input.removeAttribute('aria-activedescendant');
}

function onKey(e) {
  const found = matches();
  if (!found.length) {
    if (e.key === 'Escape' && selectedCommand) clearCommand();
    return;
  }
  const items = [...document.querySelectorAll('#suggestions [role=option]')];
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault();
    activeIndex = (activeIndex + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
    items.forEach((li, i) => li.setAttribute('aria-selected', String(i === activeIndex)));
    e.target.setAttribute('aria-activedescendant', items[activeIndex].id);
  } else if (e.key === 'Enter' || e.key === 'Tab') {
    e.preventDefault();
    choose(found[Math.max(0, activeIndex)]);
  } else if (e.key === 'Escape') {
    document.getElementById('suggestions').hidden = true;
  }
}

function choose(cmd, rest = '') {
  selectedCommand = cmd;
  const input = document.getElementById('input');
  input.value = `/${cmd.name}`;
  input.readOnly = true;
  suggest();
  const form = commandForm(cmd, [...state.users], state.channels, clearCommand);
  document.getElementById('options').replaceChildren(form);
  // Focus goes into the first required option (else the first); text typed after the name fills it.
  const first = form.querySelector('[required]') ?? form.querySelector('input, select');
  if (!first) return;
  // A file option cannot take the text: it goes to the first text option instead of being lost.
  const text = first.type === 'text' ? first : form.querySelector('input[type=text]');
  if (rest && text) text.value = rest;
  first.focus();
  if (first.type === 'text') first.setSelectionRange(first.value.length, first.value.length);
  // `/make prompt: a red fox`: the option's name and colon choose the option, as Discord's composer does.
  if (rest && text) typedOptionName(cmd, text, form);
}

/** The first required option still empty, if any. */
function firstEmptyRequired() {
  return [...document.querySelectorAll('#options [required]')].find((el) =>
    el.type === 'file' ? el.files.length === 0 : el.value.trim() === '',
  );
}

function clearCommand() {
  selectedCommand = null;
  const input = document.getElementById('input');
  input.readOnly = false;
  input.value = '';
  document.getElementById('options').replaceChildren();
  input.focus();
}

function setStatus(text) {
  document.getElementById('status').textContent = text;
}

async function onSubmit(e) {
  e.preventDefault();
  if (!current) return setStatus('Pick a channel first.');
  // Sending jumps to the present, as on Discord: the answer and the result come into view.
  stuck = true;
  const input = document.getElementById('input');
  const fileInput = document.getElementById('file');
  const body = new FormData();
  try {
    if (selectedCommand) {
      // Enter sends once every required option is filled, and otherwise moves to the first empty one.
      const empty = firstEmptyRequired();
      if (empty) {
        empty.focus();
        return setStatus(`Fill in ${empty.name} to send /${selectedCommand.name}.`);
      }
      const { options, files } = readCommandForm(selectedCommand);
      body.append('payload_json', JSON.stringify({ command: selectedCommand.name, options }));
      for (const [name, file] of files) body.append(name, file);
      setStatus(`Sending /${selectedCommand.name}…`);
      clearCommand();
      const out = await call(`/channels/${current}/commands`, { method: 'POST', body });
      if (out.interactionId) mine.add(out.interactionId);
      setStatus(out.ok ? '' : out.error);
    } else {
      if (!input.value.trim() && !fileInput.files.length) return;
      body.append('payload_json', JSON.stringify({ content: input.value }));
      [...fileInput.files].forEach((f, i) => body.append(`files[${i}]`, f));
      await call(`/channels/${current}/messages`, { method: 'POST', body });
      input.value = '';
      fileInput.value = '';
      document.getElementById('files').textContent = '';
      setStatus('');
    }
  } catch (err) {
    setStatus(err.message);
  }
  await refresh();
}

async function onComponent(e) {
  const el = e.target.closest('[data-custom]');
  if (
    !el ||
    (e.type === 'click' && el.tagName === 'SELECT') ||
    (e.type === 'change' && el.tagName !== 'SELECT')
  )
    return;
  await press(el, '/components', {
    messageId: el.dataset.message,
    customId: el.dataset.custom,
    values: el.tagName === 'SELECT' ? [el.value] : undefined,
  });
}

async function onMessageCommand(e) {
  const el = e.target.closest('[data-message-command]');
  if (!el) return;
  // A message command may answer with a modal (the report form): shown on this page only.
  await press(el, '/message-commands', { messageId: el.dataset.message, command: el.dataset.messageCommand });
}

/** A control in a message sends its interaction; it waits disabled until the answer is drawn. */
async function press(el, path, body) {
  el.disabled = true;
  try {
    const out = await postJson(path, body);
    if (out.interactionId) mine.add(out.interactionId);
    setStatus(out.ok ? '' : out.error);
  } catch (err) {
    setStatus(err.message);
  }
  try {
    await refresh();
  } finally {
    // A message the answer did not change keeps its element: its control works again, and a menu
    // shows its placeholder again, as a message drawn anew would.
    el.disabled = false;
    if (el.tagName === 'SELECT') el.value = '';
  }
}

async function refresh(force = false) {
  const next = await call('/state');
  const changed = force || !state || next.version !== state.version;
  const first = !state;
  state = next;
  if (!state.me && !state.picker) {
    root.className = 'signed-out';
    root.textContent = 'Sign in to the app first; this page acts as the signed-in user.';
    state = null;
    return;
  }
  if (first) layout();
  if (changed) {
    if (!current) current = state.channels.find((c) => !c.nsfw)?.id ?? null;
    sidebar();
    if (first) await open(current);
    else await loadMessages();
  }
  showOwnModal();
}

/** A modal this page's own click or command opened, shown once. */
function showOwnModal() {
  const modal = state.modals.find((m) => mine.has(m.interactionId));
  if (!modal || shownModal === modal.interactionId || document.getElementById('modal').open) return;
  shownModal = modal.interactionId;
  mine.delete(modal.interactionId);
  showModal(document.getElementById('modal'), modal, {
    cancel: () => postJson('/modals/close', { interactionId: modal.interactionId }),
    submit: async (values) => {
      try {
        const out = await postJson('/modals', { interactionId: modal.interactionId, values });
        setStatus(out.ok ? '' : out.error);
      } catch (err) {
        setStatus(err.message);
      }
      shownModal = null;
      await refresh();
    },
  });
}

refresh().catch((err) => {
  root.textContent = `Could not load: ${err.message}`;
});
setInterval(() => {
  refresh().catch(() => undefined);
}, 1000);
