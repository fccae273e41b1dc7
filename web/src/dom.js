// Builds DOM from plain values. Text always goes in through text nodes, never through innerHTML:
// what the page shows comes from the URL, the core and pasted configs, and none of it is markup.

// h('p', { class: 'x', attrs: { role: 'note' }, on: { click } }, 'text', child, [more])
export function h(tag, props = {}, ...children) {
  return build(document.createElement(tag), props, children);
}

function build(element, props, children) {
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') element.setAttribute('class', value);
    else if (key === 'text') element.textContent = value;
    else if (key === 'on') for (const [type, fn] of Object.entries(value)) element.addEventListener(type, fn);
    else if (key === 'dataset') Object.assign(element.dataset, value);
    else if (key === 'attrs') for (const [name, v] of Object.entries(value)) setAttr(element, name, v);
    else if (key in element && typeof element[key] !== 'function') {
      try {
        element[key] = value;
      } catch {
        setAttr(element, key, value); // a read-only property such as input.list
      }
    } else setAttr(element, key, value);
  }
  append(element, children);
  return element;
}

function setAttr(element, name, value) {
  if (value === undefined || value === null || value === false) return;
  element.setAttribute(name, value === true ? '' : String(value));
}

export function append(parent, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return parent;
}

export function replaceChildren(parent, ...children) {
  parent.replaceChildren();
  return append(parent, children);
}

// Only http(s) links leave the page; anything else (javascript:, data:) is shown as text.
export function safeHref(url) {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export function link(url, text) {
  const href = safeHref(url);
  if (!href) return document.createTextNode(text ?? url);
  return h('a', { href, target: '_blank', rel: 'noopener noreferrer' }, text ?? url);
}

// Free text from the catalog ("source" fields) with its URLs made into links.
export function linkify(text) {
  const parts = [];
  let last = 0;
  for (const match of String(text).matchAll(/https?:\/\/[^\s<>"')\]]+[^\s<>"')\].,;:]/g)) {
    parts.push(text.slice(last, match.index), link(match[0]));
    last = match.index + match[0].length;
  }
  parts.push(String(text).slice(last));
  return parts;
}

let nextId = 0;
export function uid(prefix) {
  nextId += 1;
  return `${prefix}-${nextId}`;
}
