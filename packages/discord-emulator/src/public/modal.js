// A modal the app opened (interaction response type 9), as a native <dialog>.
import { h } from './dom.js';

/** @param {HTMLDialogElement} dialog */
export function showModal(dialog, m, { cancel, submit }) {
  const fields = m.components.map((row) => {
    const input = row.type === 18 ? row.component : row.components[0];
    const label = row.type === 18 ? row.label : input.label;
    const id = `modal-field-${input.custom_id}`;
    if (input.type === 19) {
      // Discord's File Upload: the files it asks for, of its types.
      const picker = h('input', { id, name: input.custom_id, type: 'file' });
      if ((input.max_values ?? 1) > 1) picker.multiple = true;
      if (input.file_types?.length) picker.accept = input.file_types.join(',');
      if (input.required !== false) picker.required = true;
      return h('div', { class: 'field' }, [
        h('label', { for: id, text: label }),
        row.description ? h('div', { class: 'hint', text: row.description }) : null,
        picker,
      ]);
    }
    const control =
      input.style === 2
        ? h('textarea', { id, name: input.custom_id, rows: '4' })
        : h('input', { id, name: input.custom_id, type: 'text' });
    if (input.placeholder) control.placeholder = input.placeholder;
    if (input.value) control.value = input.value;
    if (input.min_length) control.minLength = input.min_length;
    if (input.max_length) control.maxLength = input.max_length;
    if (input.required !== false) control.required = true;
    return h('div', { class: 'field' }, [h('label', { for: id, text: label }), control]);
  });
  const cancelButton = h('button', { type: 'button', class: 'btn btn-style-2', text: 'Cancel' });
  const form = h('form', { method: 'dialog' }, [
    h('h2', { id: 'modal-title', text: m.title }),
    ...fields,
    h('div', { class: 'modal-actions' }, [
      cancelButton,
      h('button', { type: 'submit', class: 'btn btn-style-1', text: 'Submit' }),
    ]),
  ]);
  const close = () => {
    dialog.close();
    void cancel();
  };
  cancelButton.addEventListener('click', close);
  dialog.addEventListener('cancel', close, { once: true });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    dialog.removeEventListener('cancel', close);
    dialog.close();
    void formValues(form).then(submit);
  });
  dialog.replaceChildren(form);
  dialog.showModal();
  form.querySelector('input, textarea')?.focus();
}

/** Text fields as text, file pickers as `{ filename, contentType, base64 }` lists. */
async function formValues(form) {
  const values = {};
  for (const [name, value] of new FormData(form).entries()) {
    if (typeof value === 'string') values[name] = value;
    else if (value.size > 0) {
      const bytes = new Uint8Array(await value.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      (values[name] ??= []).push({ filename: value.name, contentType: value.type, base64: btoa(binary) });
    }
  }
  return values;
}
