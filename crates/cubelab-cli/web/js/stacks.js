// Stacks page (docs/stacks.md): the classic sets (POST /api/stack/classics) or any cubes,
// solved by POST /api/stack/solve; each listed solution is shown as a 3D stack, bottom cube
// first, with its four sides.
import { post, showError, fmt, plural, h, Task } from './api.js';
import { read, write } from './state.js';
import { fill, ink } from './colors.js';
import { createView, makeCube, place, viewSvg } from './cube3d.js';
import { downloadButtons } from './download.js';

const $ = (id) => document.getElementById(id);
const SIZE = 56;
let view = null;
let classics = [];
let solvedFor = null;
const task = new Task({ results: () => [$('stack-result')], status: 'stack-status' });
const cubeList = () => $('stack-cubes').value.trim().split(/\s+/).filter((x) => x);
const key = () => JSON.stringify(cubeList());

/**
 * The classic whose cubes are exactly those in the field, if any: the page sends what it
 * shows, so edited cubes are solved as typed even when a classic was chosen before.
 */
function classicShown() {
  const c = classics.find((x) => x.name === $('stack-classic').value);
  return c && JSON.stringify(c.cubes) === key() ? c : null;
}

function inputChanged() {
  // editing the cubes of a classic makes them the user's own cubes
  if ($('stack-classic').value && !classicShown()) $('stack-classic').value = '';
  if (solvedFor != null && !task.busy()) task.stale(key() !== solvedFor);
}

/** The classic chosen or the cubes typed, once solved. */
export function urlState() {
  if (solvedFor == null) return {};
  const c = classicShown();
  return c ? { cl: c.name } : { c: cubeList().join(' ') };
}

function save() {
  if (read().page === 'stacks') write('stacks', urlState());
}

export async function init(params = new URLSearchParams()) {
  const body = $('stacks-body');
  body.replaceChildren(
    h('p', { class: 'hint' }, 'Stack the cubes in a column so that each of its four long sides shows every color once (Instant Insanity). Cubes bottom first, face strings U D F B L R or any notation.'),
    h('div', { class: 'row' },
      h('label', { for: 'stack-classic' }, 'Classic set'), h('select', { id: 'stack-classic' }, h('option', { value: '' }, 'none: use the cubes below')),
      h('label', { for: 'stack-cubes' }, 'Cubes'), h('input', { id: 'stack-cubes', type: 'text', size: 40, spellcheck: 'false' }),
      h('button', { type: 'button', id: 'stack-solve' }, 'Solve')),
    h('p', { class: 'error', id: 'stack-error', 'data-for': 'stack-cubes', role: 'alert', hidden: true }),
    h('p', { class: 'status', id: 'stack-status', 'aria-live': 'polite', hidden: true }),
    h('div', { id: 'stack-result', 'aria-live': 'polite' }));
  $('stack-solve').onclick = solve;
  $('stack-cubes').addEventListener('input', inputChanged);
  $('stack-cubes').onkeydown = (e) => {
    if (e.key === 'Enter') solve();
  };
  try {
    const out = await post('stack/classics', {});
    classics = out.classics;
    for (const c of out.classics) $('stack-classic').append(h('option', { value: c.name }, c.title));
    $('stack-classic').onchange = () => {
      const c = out.classics.find((x) => x.name === $('stack-classic').value);
      if (c) $('stack-cubes').value = c.cubes.join(' ');
      inputChanged();
    };
    const cl = out.classics.find((x) => x.name === params.get('cl'));
    if (cl) {
      $('stack-classic').value = cl.name;
      $('stack-cubes').value = cl.cubes.join(' ');
      await solve();
    } else if (params.has('c')) {
      $('stack-cubes').value = params.get('c');
      await solve();
    }
  } catch (e) {
    showError($('stack-error'), e.message);
  }
}

async function solve() {
  showError($('stack-error'), null);
  inputChanged();
  const shown = classicShown();
  const k = key();
  const body = shown ? { cubes: [], classic: shown.name, method: 'graph', limit: 100 } : { cubes: cubeList(), classic: null, method: 'graph', limit: 100 };
  let out;
  try {
    out = await task.run((signal) => post('stack/solve', body, signal));
  } catch (e) {
    solvedFor = null;
    showError($('stack-error'), e.message);
    return;
  }
  if (!out) return;
  solvedFor = k;
  save();
  const box = $('stack-result');
  box.hidden = false;
  const viewBox = h('div', { class: 'view3d', id: 'stack-view', tabindex: '0', role: 'img', 'aria-label': '3D view of the stack; drag or use the arrow keys to rotate' });
  const sides = h('p', { id: 'stack-sides', class: 'mono' });
  const chips = h('div', { class: 'chips' }, (out.stacks ?? []).map((st, i) =>
    h('button', { type: 'button', 'aria-label': `solution ${i + 1}`, onclick: (ev) => {
      for (const b of chips.children) b.classList.toggle('current', b === ev.currentTarget);
      draw(st, viewBox, sides);
    } }, String(i + 1))));
  const summary = h('p', { id: 'stack-summary' }, summaryText(out));
  if (!out.stacks || out.stacks.length === 0) {
    // nothing to draw: the reason instead of an empty view (the library's words)
    view = null;
    box.replaceChildren(summary, h('p', { id: 'stack-reason' }, out.reason ? `No solution: ${out.reason}.` : 'No solution.'));
    return;
  }
  box.replaceChildren(
    summary,
    chips, h('div', { class: 'viewer' }, h('div', {}, viewBox, h('div', { class: 'row' }, downloadButtons(() => viewSvg(viewBox), 'stack', 'the 3D stack'))), sides));
  chips.firstChild.click();
}

/** "4 cubes: 1 solution (1 distinct, 8 placements)", counted as the command line counts. */
export function summaryText(out) {
  return `${out.cubes} cubes: ${plural(out.solutions, 'solution', 'solutions')} (${fmt(out.distinct)} distinct, ${plural(out.placements, 'placement', 'placements')})`;
}

function draw(stack, viewBox, sides) {
  const keep = view ? view.rotation() : null;
  view = createView(viewBox, { rx: -18, ry: -35 });
  if (keep) view.setRotation(keep.rx, keep.ry);
  const n = stack.cubes.length;
  view.fitRadius(Math.hypot(n * (SIZE + 2), SIZE, SIZE) / 2);
  stack.cubes.forEach((c, i) => {
    const cols = [...c.faces];
    const cube = makeCube(SIZE, cols.map(fill), cols, cols.map(ink));
    place(cube, 0, (i - (n - 1) / 2) * (SIZE + 2), 0);
    view.world.append(cube);
  });
  sides.replaceChildren(...Object.entries(stack.sides ?? {}).map(([k, v]) => h('div', {}, `${k}: ${v} (bottom to top)`)));
}
