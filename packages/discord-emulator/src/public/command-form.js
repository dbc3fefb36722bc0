// The options form shown once a slash command is chosen: one labelled control per option.
import { h } from './dom.js';

const TYPE_HINT = {
  3: 'text',
  4: 'whole number',
  5: 'true/false',
  6: 'user',
  7: 'channel',
  10: 'number',
  11: 'file',
};

function control(opt, users, channels) {
  const id = `opt-${opt.name}`;
  const attrs = { id, name: opt.name, 'data-type': String(opt.type) };
  if (opt.choices?.length)
    return h('select', attrs, [
      h('option', { value: '', text: 'Choose…' }),
      ...opt.choices.map((c) => h('option', { value: String(c.value), text: c.name })),
    ]);
  switch (opt.type) {
    case 4:
    case 10:
      return h('input', { ...attrs, type: 'number', step: opt.type === 4 ? '1' : 'any' });
    case 5:
      return h('select', attrs, [
        h('option', { value: '', text: 'Choose…' }),
        h('option', { value: 'true', text: 'True' }),
        h('option', { value: 'false', text: 'False' }),
      ]);
    case 6:
      return h('select', attrs, [
        h('option', { value: '', text: 'Choose…' }),
        ...users.map((u) => h('option', { value: u.id, text: u.globalName || u.username })),
      ]);
    case 7:
      return h('select', attrs, [
        h('option', { value: '', text: 'Choose…' }),
        ...channels.map((c) => h('option', { value: c.id, text: `#${c.name}` })),
      ]);
    case 11:
      return h('input', { ...attrs, type: 'file' });
    default:
      return h('input', { ...attrs, type: 'text' });
  }
}

export function commandForm(cmd, users, channels, onCancel) {
  const fields = (cmd.options || [])
    .filter((o) => o.type !== 1 && o.type !== 2)
    .map((opt) => {
      const c = control(opt, users, channels);
      if (opt.required) c.required = true;
      return h('div', { class: 'field' }, [
        h('label', { for: `opt-${opt.name}` }, [
          h('span', { text: opt.name }),
          opt.required ? h('span', { class: 'req', text: ' (required)' }) : null,
          h('span', { class: 'hint', text: ` — ${opt.description || TYPE_HINT[opt.type] || ''}` }),
        ]),
        c,
      ]);
    });
  const cancel = h('button', { type: 'button', class: 'btn btn-style-2', text: 'Cancel' });
  cancel.addEventListener('click', onCancel);
  for (const field of fields) {
    const input = field.querySelector('input[type=text], input[type=number]');
    if (!input) continue;
    input.addEventListener('input', () => {
      // Discord keeps no leading spaces in an option (the one after `prompt:` typed key by key).
      if (input.type === 'text' && /^\s/.test(input.value)) input.value = input.value.trimStart();
      typedOptionName(cmd, input, field.parentElement);
    });
  }
  return h('fieldset', { class: 'command' }, [
    h('legend', { text: `/${cmd.name} — ${cmd.description}` }),
    ...fields,
    h('div', { class: 'modal-actions' }, [cancel]),
  ]);
}

export function readCommandForm(cmd) {
  const options = {};
  const files = [];
  for (const opt of cmd.options || []) {
    const el = document.getElementById(`opt-${opt.name}`);
    if (!el) continue;
    if (opt.type === 11) {
      if (el.files[0]) files.push([opt.name, el.files[0]]);
    } else if (el.value !== '')
      options[opt.name] = opt.type === 4 || opt.type === 10 ? Number(el.value) : el.value;
  }
  return { options, files };
}

/** Options a value can be typed into (not sub-commands, not files). */
const typeable = (cmd) => (cmd.options || []).filter((o) => o.type !== 1 && o.type !== 2 && o.type !== 11);

/**
 * An option's name and a colon typed in a field moves to that option, as in Discord's composer:
 * `prompt: a red fox` typed after /make is the prompt "a red fox", and `a fox denoise: 0.4` in the
 * prompt gives denoise 0.4. Only the command's own option names count; other words stay text.
 */
export function typedOptionName(cmd, input, form) {
  const names = typeable(cmd).map((o) => o.name);
  if (!names.length) return;
  const pattern = new RegExp(`(^|\\s)(${names.map(escape).join('|')}):[ ]?`, 'i');
  const found = pattern.exec(input.value);
  if (!found) return;
  const before = input.value.slice(0, found.index + found[1].length).trimEnd();
  const after = input.value.slice(found.index + found[0].length);
  const target = (form || document).querySelector(`#opt-${cssEscape(found[2].toLowerCase())}`);
  if (!target) return;
  if (target === input) {
    input.value = before ? `${before} ${after}` : after;
  } else {
    input.value = before;
    target.value = after;
    target.focus();
  }
  if (target.setSelectionRange && target.type === 'text')
    target.setSelectionRange(target.value.length, target.value.length);
  // The rest may name another option in turn.
  if (target.type === 'text' || target.type === 'number') typedOptionName(cmd, target, form);
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const cssEscape = (text) => (globalThis.CSS?.escape ? CSS.escape(text) : text);
