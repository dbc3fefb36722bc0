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
