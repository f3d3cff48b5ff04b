// A "new room" form built from a game's option schema alone (as `welcome` describes it), so a
// new game needs nothing here: integers, booleans and enums get their own inputs, arrays and
// objects a JSON text box left empty for the default.

import {h} from './dom.js';

function field(name, spec) {
  const id = `option-${name}`;
  const hint = h('small', {id: `${id}-hint`}, spec.description || '');
  const common = {id, name, 'aria-describedby': `${id}-hint`};
  const title = name.replace(/_/g, ' ');
  let input;
  let read;
  if (spec.type === 'boolean') {
    input = h('input', {...common, type: 'checkbox', checked: spec.default === true});
    read = () => input.checked;
    return {node: h('div', {class: 'option check'}, input, h('label', {for: id}, title), hint),
            read};
  }
  if (spec.type === 'integer') {
    input = h('input', {...common, type: 'number', step: 1, min: spec.min, max: spec.max,
                        value: spec.default ?? '', required: true});
    read = () => Number(input.value);
  } else if (spec.type === 'enum') {
    input = h('select', common, (spec.values || []).map((v) =>
      h('option', {value: JSON.stringify(v), selected: v === spec.default}, String(v))));
    read = () => JSON.parse(input.value);
  } else {
    input = h('textarea', {...common, rows: 2,
                           placeholder: `${JSON.stringify(spec.default)} (default)`});
    read = () => {
      const text = input.value.trim();
      if (!text) return undefined;
      try {
        return JSON.parse(text);
      } catch (_) {
        throw new Error(`${name} is not valid JSON`);
      }
    };
  }
  return {node: h('div', {class: 'option'}, h('label', {for: id}, title), input, hint), read};
}

// Returns {node, read}: read() gives the options object (only the fields set) or throws.
export function optionsForm(game) {
  const entries = Object.entries(game.options || {});
  // The seat count first, as players look for it first; JSON boxes, for experts, last.
  const rank = ([name, spec]) =>
    (name === 'players' ? 0 : spec.type === 'array' || spec.type === 'object' ? 2 : 1);
  entries.sort((a, b) => rank(a) - rank(b));
  const fields = entries
      .filter(([name, spec]) => !(name === 'players' && spec.min === spec.max))
      .map(([name, spec]) => [name, field(name, spec)]);
  return {
    node: h('div', {class: 'options'}, fields.map(([, f]) => f.node)),
    read() {
      const options = {};
      for (const [name, f] of fields) {
        const value = f.read();
        if (value !== undefined) options[name] = value;
      }
      return options;
    },
  };
}
