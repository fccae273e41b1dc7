// A searchable picker (the ARIA 1.2 combobox pattern): type to filter, arrows to move, Enter to
// pick, Escape to close. Options are grouped (model family, vendor) and matched on every word.
import { h, uid } from '../dom.js';

// items: [{ value, label, group, search }]; onPick(value).
export function createPicker({ label, placeholder, items, onPick, field, emptyText }) {
  const listId = uid('listbox');
  const input = h('input', {
    type: 'text', role: 'combobox', autocomplete: 'off', spellcheck: false, placeholder,
    attrs: { 'aria-autocomplete': 'list', 'aria-expanded': 'false', 'aria-controls': listId, 'aria-label': label },
    dataset: { field },
  });
  const list = h('div', { id: listId, class: 'picker-list', role: 'listbox', hidden: true, attrs: { 'aria-label': label } });
  const element = h('div', { class: 'picker' }, input, list);
  let current = { value: '', text: '' };
  let options = [];
  let active = -1;

  function render(query) {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const matches = items.filter((item) => words.every((w) => item.search.includes(w)));
    const groups = new Map();
    for (const item of matches) {
      if (!groups.has(item.group)) groups.set(item.group, []);
      groups.get(item.group).push(item);
    }
    options = [];
    list.replaceChildren();
    for (const [group, members] of groups) {
      const headingId = uid('group');
      list.append(h('div', { role: 'group', attrs: { 'aria-labelledby': headingId } },
        h('div', { class: 'picker-group', id: headingId, role: 'presentation' }, group),
        members.map((item) => {
          const option = h('div', {
            id: uid('option'), role: 'option', class: 'picker-option',
            attrs: { 'aria-selected': String(item.value === current.value) }, dataset: { value: item.value },
            on: {
              mousedown: (event) => event.preventDefault(), // keep focus in the input
              click: () => pick(item),
            },
          }, item.label);
          options.push({ item, option });
          return option;
        })));
    }
    if (!options.length) list.append(h('div', { class: 'picker-empty' }, emptyText));
    // The current model stays highlighted; otherwise typing highlights the best (first) match.
    const selected = options.findIndex((o) => o.item.value === current.value);
    setActive(selected >= 0 ? selected : words.length ? 0 : -1);
  }

  function setActive(index) {
    options[active]?.option.classList.remove('active');
    active = options.length ? Math.max(-1, Math.min(index, options.length - 1)) : -1;
    const chosen = options[active];
    if (chosen) {
      chosen.option.classList.add('active');
      input.setAttribute('aria-activedescendant', chosen.option.id);
      chosen.option.scrollIntoView({ block: 'nearest' });
    } else {
      input.removeAttribute('aria-activedescendant');
    }
  }

  function open(query = '') {
    render(query);
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
  }

  function close() {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
  }

  function pick(item) {
    close();
    input.value = item.label;
    if (item.value !== current.value) onPick(item.value);
  }

  input.addEventListener('input', () => open(input.value));
  input.addEventListener('click', () => (list.hidden ? open() : close()));
  input.addEventListener('focus', () => input.select());
  input.addEventListener('blur', () => {
    close();
    input.value = current.text;
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (list.hidden) open(input.value === current.text ? '' : input.value);
      else setActive(active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter') {
      if (!list.hidden && options[active]) {
        event.preventDefault();
        pick(options[active].item);
      }
    } else if (event.key === 'Escape') {
      if (!list.hidden) event.preventDefault();
      close();
      input.value = current.text;
      input.select();
    } else if (event.key === 'Home' && !list.hidden && event.ctrlKey) {
      setActive(0);
    }
  });

  return {
    element,
    input,
    // The value shown when the picker is closed (a preset id and its name, or '' and a note).
    show(value, text) {
      current = { value, text };
      if (document.activeElement !== input) input.value = text;
    },
  };
}
