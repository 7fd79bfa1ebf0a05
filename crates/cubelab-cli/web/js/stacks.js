// Stacks page (docs/stacks.md): the classic sets (POST /api/stack/classics) or any cubes,
// solved by POST /api/stack/solve; each listed solution is shown as a 3D stack, bottom cube
// first, with its four sides.
import { post, showError, fmt, h } from './api.js';
import { fill, ink } from './colors.js';
import { createView, makeCube, place } from './cube3d.js';

const $ = (id) => document.getElementById(id);
const SIZE = 56;
let view = null;

export async function init() {
  const body = $('stacks-body');
  body.replaceChildren(
    h('p', { class: 'hint' }, 'Stack the cubes in a column so that each of its four long sides shows every color once (Instant Insanity). Cubes bottom first, face strings U D F B L R or any notation.'),
    h('div', { class: 'row' },
      h('label', { for: 'stack-classic' }, 'Classic set'), h('select', { id: 'stack-classic' }, h('option', { value: '' }, 'none: use the cubes below')),
      h('label', { for: 'stack-cubes' }, 'Cubes'), h('input', { id: 'stack-cubes', type: 'text', size: 40, spellcheck: 'false' }),
      h('button', { type: 'button', id: 'stack-solve' }, 'Solve')),
    h('p', { class: 'error', id: 'stack-error', role: 'alert', hidden: true }),
    h('div', { id: 'stack-result', 'aria-live': 'polite' }));
  $('stack-solve').onclick = solve;
  try {
    const out = await post('stack/classics', {});
    for (const c of out.classics) $('stack-classic').append(h('option', { value: c.name }, c.title));
    $('stack-classic').onchange = () => {
      const c = out.classics.find((x) => x.name === $('stack-classic').value);
      if (c) $('stack-cubes').value = c.cubes.join(' ');
    };
  } catch (e) {
    showError($('stack-error'), e.message);
  }
}

async function solve() {
  showError($('stack-error'), null);
  const classic = $('stack-classic').value || null;
  const cubes = classic ? [] : $('stack-cubes').value.trim().split(/\s+/).filter((x) => x);
  let out;
  try {
    out = await post('stack/solve', { cubes, classic, method: 'graph', limit: 100 });
  } catch (e) {
    showError($('stack-error'), e.message);
    return;
  }
  const box = $('stack-result');
  const viewBox = h('div', { class: 'view3d', id: 'stack-view', tabindex: '0', role: 'img', 'aria-label': '3D view of the stack; drag or use the arrow keys to rotate' });
  const sides = h('p', { id: 'stack-sides', class: 'mono' });
  const chips = h('div', { class: 'chips' }, (out.stacks ?? []).map((st, i) =>
    h('button', { type: 'button', 'aria-label': `solution ${i + 1}`, onclick: (ev) => {
      for (const b of chips.children) b.classList.toggle('current', b === ev.currentTarget);
      draw(st, viewBox, sides);
    } }, String(i + 1))));
  box.replaceChildren(
    h('p', { id: 'stack-summary' }, `${out.cubes} cubes: ${fmt(out.solutions)} solution${out.solutions == 1 ? '' : 's'} (${fmt(out.distinct)} distinct stacks, ${fmt(out.placements)} placements)`),
    chips, h('div', { class: 'viewer' }, viewBox, sides));
  if (out.stacks && out.stacks.length) chips.firstChild.click();
}

function draw(stack, viewBox, sides) {
  const keep = view ? view.rotation() : null;
  view = createView(viewBox, { rx: -18, ry: -35 });
  if (keep) view.setRotation(keep.rx, keep.ry);
  const n = stack.cubes.length;
  stack.cubes.forEach((c, i) => {
    const cols = [...c.faces];
    const cube = makeCube(SIZE, cols.map(fill), cols, cols.map(ink));
    place(cube, 0, (i - (n - 1) / 2) * (SIZE + 2), 0);
    view.world.append(cube);
  });
  sides.replaceChildren(...Object.entries(stack.sides ?? {}).map(([k, v]) => h('div', {}, `${k}: ${v} (bottom to top)`)));
}
