/**
 * Makes an element with attributes (`class`, `text`, or any attribute) and children.
 * @param {string} tag @param {Record<string,string>} [attrs] @param {(Node|string|null|undefined)[]} [children]
 */
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
