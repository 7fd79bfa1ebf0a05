// Larger targets page (docs/extended.md): MacMahon's extended puzzle, an N x N x N copy of a
// target from N³ or more blocks. Build (POST /api/build with `size`) lists every target with
// its number of arrangements; Assemble (POST /api/solve with `size`) gives one assembly,
// drawn layer by layer (each layer seen from above, front toward you, its outer side faces
// as strips) and in 3D, with the instructions beside it.
import { post, showError, fmt, h, Task } from './api.js';
import { read, write } from './state.js';
import { fill, ink, legendText, holdWords } from './colors.js';
import { createView, makeCube, place, viewSvg } from './cube3d.js';
import { downloadButtons } from './download.js';

const $ = (id) => document.getElementById(id);
const MACMAHON = 'Ab Ac Ad Ae Af Ba Bc Bd Be Bf Ca Cb Cd Ce Cf Da Db Dc De Df Ea Eb Ec Ed Ef Fa Fb Fc Fd Fe'.split(' ');
const copies = (cube, k) => Array(k).fill(cube);

// Examples of docs/extended.md, for N = 3 (the "repeat" button adapts a list to any N).
const EXAMPLES = [
  ['26 Af and one Ab: only Af, 1,572,864 arrangements', [...copies('Af', 26), 'Ab']],
  ['27 distinct MacMahon cubes: every target, too many arrangements to count', MACMAHON.slice(0, 27)],
  ['A 2x2x2 solution of Ba and 19 Bc: builds Bc, not Ba', ['Ad', 'Ae', 'Af', 'Ac', 'Ba', 'Cb', 'Cf', 'Dc', ...copies('Bc', 19)]],
  ['27 Ba: never its mirror image Ab (19 of 27 positions)', copies('Ba', 27)],
];

let view = null;
let shown = null; // {out, size}

function blockList() {
  return $('ext-blocks').value.trim().split(/\s+/).filter((b) => b.length > 0);
}

const size = () => Number($('ext-size').value);

// The input each shown result answers (see js/api.js Task): greyed when it is not on screen.
let builtFor = null;
let solvedFor = null;
const buildKey = () => JSON.stringify([blockList(), $('ext-improper').checked, size()]);
const solveKey = () => JSON.stringify([$('ext-target').value.trim(), blockList(), size()]);
const buildTask = new Task({ results: () => [$('ext-result')], status: 'ext-status' });
const solveTask = new Task({ results: () => [$('ext-assembly')], status: 'ext-solve-status' });

function inputChanged() {
  if (builtFor != null && !buildTask.busy()) buildTask.stale(buildKey() !== builtFor);
  if (solvedFor != null && !solveTask.busy()) solveTask.stale(solveKey() !== solvedFor);
}

/** N, the blocks, the target assembled and the step shown. */
export function urlState() {
  const total = shown ? shown.size ** 3 : 0;
  return {
    n: size() === 3 ? null : size(),
    b: $('ext-blocks').value.trim(),
    imp: $('ext-improper').checked,
    t: shown ? $('ext-target').value.trim() : null,
    s: shown && shown.step && shown.step <= total ? shown.step : null,
  };
}

function save() {
  if (read().page === 'extended') write('extended', urlState());
}

async function restore(params) {
  if ([...$('ext-size').options].some((o) => o.value === params.get('n'))) $('ext-size').value = params.get('n');
  if (params.has('b')) {
    $('ext-blocks').value = params.get('b');
    $('ext-improper').checked = params.get('imp') === '1';
    count();
    await build();
  }
  if (params.has('t')) {
    await solve(params.get('t'));
    const k = Number(params.get('s'));
    if (shown && shown.cubes && k >= 1 && k <= shown.size ** 3) step(k);
  }
  save();
}

export function init(params = new URLSearchParams()) {
  $('page-extended-body').replaceChildren(
    h('p', { class: 'hint' }, 'Build an N × N × N copy of a target cube from N³ or more blocks: each face of the big cube shows the target\'s color on that face (MacMahon\'s extended puzzle). Blocks in any notation, repeats allowed.'),
    h('div', { class: 'row' },
      h('label', { for: 'ext-size' }, 'N'),
      h('select', { id: 'ext-size' }, ...[2, 3, 4, 5].map((n) => h('option', { value: n, selected: n === 3 }, `${n} × ${n} × ${n} (${n ** 3} blocks)`))),
      h('label', { for: 'ext-preset' }, 'Example'),
      h('select', { id: 'ext-preset' }, h('option', { value: '' }, 'choose…'), ...EXAMPLES.map(([title], i) => h('option', { value: i }, title)))),
    h('div', { class: 'row' },
      h('label', { for: 'ext-blocks' }, 'Blocks'),
      h('textarea', { id: 'ext-blocks', rows: 3, cols: 80, spellcheck: 'false' })),
    h('div', { class: 'row' },
      h('button', { type: 'button', id: 'ext-repeat' }, 'Repeat the list to N³ blocks'),
      h('span', { id: 'ext-count', class: 'hint' }),
      h('label', {}, h('input', { type: 'checkbox', id: 'ext-improper' }), ' include improper targets'),
      h('button', { type: 'button', id: 'ext-build' }, 'Build')),
    h('p', { class: 'error', id: 'ext-error', 'data-for': 'ext-blocks', role: 'alert', hidden: true }),
    h('p', { class: 'status', id: 'ext-status', 'aria-live': 'polite', hidden: true }),
    h('div', { id: 'ext-result', 'aria-live': 'polite' }),
    h('div', { class: 'row' },
      h('label', { for: 'ext-target' }, 'Any target'),
      h('input', { id: 'ext-target', type: 'text', size: 10, spellcheck: 'false', placeholder: 'Ba or 152436' }),
      h('button', { type: 'button', id: 'ext-solve' }, 'Assemble')),
    h('p', { class: 'error', id: 'ext-target-error', 'data-for': 'ext-target', role: 'alert', hidden: true }),
    h('p', { class: 'status', id: 'ext-solve-status', 'aria-live': 'polite', hidden: true }),
    h('section', { id: 'ext-assembly', hidden: true, 'aria-live': 'polite' }));
  $('ext-preset').onchange = (e) => {
    if (e.target.value === '') return;
    $('ext-blocks').value = EXAMPLES[Number(e.target.value)][1].join(' ');
    $('ext-size').value = '3';
    count();
  };
  $('ext-blocks').oninput = count;
  $('ext-size').onchange = count;
  $('ext-repeat').onclick = () => {
    const list = blockList();
    if (!list.length) return;
    const need = size() ** 3;
    $('ext-blocks').value = Array.from({ length: Math.max(need, list.length) }, (_, i) => list[i % list.length]).join(' ');
    count();
  };
  $('ext-build').onclick = build;
  $('ext-solve').onclick = () => solve($('ext-target').value.trim());
  $('ext-target').onkeydown = (e) => {
    if (e.key === 'Enter') solve($('ext-target').value.trim());
  };
  $('ext-target').addEventListener('input', inputChanged);
  $('ext-improper').addEventListener('change', inputChanged);
  $('ext-blocks').addEventListener('change', save);
  count();
  restore(params);
}

function count() {
  const n = size();
  $('ext-count').textContent = `${blockList().length} blocks (${n}³ = ${n ** 3} needed)`;
  inputChanged();
}

async function build() {
  showError($('ext-error'), null);
  showError($('ext-target-error'), null);
  const key = buildKey();
  solveTask.cancel();
  solveTask.clear();
  solvedFor = null;
  let out;
  try {
    out = await buildTask.run((signal) => post('build', { blocks: blockList(), improper: $('ext-improper').checked, size: size() }, signal));
  } catch (e) {
    builtFor = null;
    showError($('ext-error'), e.message);
    return;
  }
  if (!out) return;
  builtFor = key;
  save();
  $('ext-result').hidden = false;
  const n = out.size ?? 2;
  const countOf = (t) => (t.arrangements == null ? 'too many to count' : fmt(t.arrangements));
  const rows = out.targets.map((t) => h('tr', {},
    h('td', { class: 'mono' }, t.target), h('td', {}, t.name ?? '–'), h('td', { class: 'num' }, countOf(t)),
    h('td', {}, h('button', { type: 'button', 'data-target': t.target, onclick: () => solve(t.target) }, 'Assemble'))));
  const what = `${out.targets.length} ${out.improper ? 'target' : 'proper target'}${out.targets.length === 1 ? '' : 's'}`;
  $('ext-result').replaceChildren(
    h('p', { id: 'ext-summary' }, `${out.blocks} blocks over colors ${out.colors}: ${what} can be built as ${n}×${n}×${n} cubes`),
    out.targets.length ? h('div', { class: 'card-scroll' }, h('table', { id: 'ext-targets' },
      h('tr', {}, h('th', {}, 'target'), h('th', {}, 'name'), h('th', { class: 'num' }, 'arrange\u00adments'), h('th', {}, h('span', { class: 'visually-hidden' }, 'assembly'))), ...rows)) : null);
}

async function solve(target) {
  $('ext-target').value = target;
  showError($('ext-error'), null);
  showError($('ext-target-error'), null);
  if (!target) {
    showError($('ext-target-error'), 'type a target: a Conway name such as Ba, or six colors U D F B L R such as 152436');
    return;
  }
  const key = solveKey();
  let out;
  try {
    out = await solveTask.run((signal) => post('solve', { target, blocks: blockList(), size: size() }, signal));
  } catch (e) {
    solvedFor = null;
    showError(/^target\b/.test(e.message) ? $('ext-target-error') : $('ext-error'), e.message);
    return;
  }
  if (!out) return;
  if (!out.size) {
    // N = 2: the answer of `solve` itself; the Blocks page draws its arrangements.
    showError($('ext-target-error'), 'for N = 2, see the Blocks page (8 blocks, every arrangement)');
    return;
  }
  solvedFor = key;
  draw(out);
  save();
}

function side(i, n, first, last) {
  return i === 1 ? `${i} (${first})` : i === n ? `${i} (${last})` : String(i);
}

/** The instruction for one placed block, as the CLI's text writes it. */
function instruction(p, n) {
  const who = p.name ? `block ${p.block} (${p.name})` : `block ${p.block}`;
  const shows = p.shows || 'inside';
  return `row ${side(p.row, n, 'back', 'front')}, column ${side(p.column, n, 'left', 'right')}: ${shows}, ${who}, hold it with ${p.up} up and ${p.front} front [${p.faces}]`;
}

function draw(out) {
  const n = out.size;
  const box = $('ext-assembly');
  box.hidden = false;
  box.classList.remove('stale');
  box.inert = false;
  const title = `${out.target}${out.name ? ` (${out.name})` : ''} as a ${n}×${n}×${n} cube`;
  if (!out.assembly) {
    box.replaceChildren(h('h3', { id: 'ext-title' }, title),
      h('p', { id: 'ext-none' }, `no assembly: the blocks can fill at most ${out.fillable} of the ${n ** 3} positions`));
    shown = null;
    return;
  }
  shown = { out, size: n };
  const count = out.arrangements == null ? 'buildable (too many arrangements to count exactly)' : `${fmt(out.arrangements)} arrangement${out.arrangements == 1 ? '' : 's'}`;
  const chips = h('div', { class: 'chips', role: 'group', 'aria-label': 'Layer' },
    ...Array.from({ length: n }, (_, i) => h('button', { type: 'button', 'data-layer': i + 1, onclick: () => select(i + 1) }, `Layer ${side(i + 1, n, 'top', 'bottom')}`)),
    h('button', { type: 'button', 'data-layer': 0, onclick: () => select(0) }, 'Whole cube'));
  const colors = [...new Set(out.assembly.flatMap((p) => [...p.faces]))].sort();
  box.replaceChildren(
    h('h3', { id: 'ext-title' }, title),
    h('p', { id: 'ext-count-line' }, `${count}; one assembly, layer by layer from the top, each layer seen from above with the front toward you (rows from the back, columns from the left; the strips are the faces on the big cube's sides).`),
    chips,
    h('div', { class: 'viewer' },
      h('div', {},
        h('div', { id: 'ext-layers', class: 'ext-layers', tabindex: '0', role: 'group', 'aria-label': 'the layers, each seen from above' }, ...Array.from({ length: n }, (_, i) => layerGrid(out, i + 1))),
        h('div', { class: 'view3d', id: 'ext-view', tabindex: '0', role: 'img', 'aria-label': '3D view of the assembly; drag or use the arrow keys to rotate' }),
        h('div', { class: 'row' }, downloadButtons(() => viewSvg($('ext-view')), `assembly-${out.name ?? out.target}`, 'the 3D assembly')),
        h('div', { class: 'legend' }, ...colors.map((c) => {
          const sw = h('span', { class: 'swatch' });
          sw.style.background = fill(c);
          return h('span', {}, sw, legendText(c));
        }))),
      h('div', { class: 'steps' },
        h('div', { class: 'row' },
          h('button', { type: 'button', id: 'ext-first', onclick: () => step(1) }, 'First step'),
          h('button', { type: 'button', id: 'ext-prev', onclick: () => step(Math.max(1, shown.step - 1)) }, 'Previous'),
          h('button', { type: 'button', id: 'ext-next', onclick: () => step(Math.min(n ** 3 + 1, shown.step + 1)) }, 'Next')),
        h('div', { class: 'row timeline' },
          h('label', { for: 'ext-step-range' }, 'Step'),
          h('input', { type: 'range', id: 'ext-step-range', min: 1, max: n ** 3 + 1, step: 1, value: n ** 3 + 1, oninput: (e) => step(Number(e.target.value)) }),
          h('span', { id: 'ext-step-status', 'aria-live': 'polite' })),
        h('p', { id: 'ext-say', class: 'say' }),
        h('ol', { id: 'ext-instructions', tabindex: '0', 'aria-label': 'instructions' }))));
  buildView(out);
  select(0);
}

/** One layer as a grid of squares: each block's up color, its side faces as strips. */
function layerGrid(out, layer) {
  const n = out.size;
  const cell = Math.max(22, Math.min(44, Math.floor(180 / n)));
  const grid = h('div', { class: 'ext-grid', 'data-layer': layer });
  grid.style.gridTemplateColumns = `repeat(${n}, ${cell}px)`;
  grid.style.gridTemplateRows = `repeat(${n}, ${cell}px)`;
  for (const p of out.assembly.filter((q) => q.layer === layer)) {
    const [, , F, B, L, R] = [...p.faces];
    const sq = h('div', { class: 'ext-cell', 'data-row': p.row, 'data-column': p.column, 'data-up': p.up, title: `block ${p.block}` }, String(p.block));
    sq.style.gridRow = p.row;
    sq.style.gridColumn = p.column;
    sq.style.background = fill(p.up);
    sq.style.color = ink(p.up);
    const strip = (cond, c) => (cond ? `6px solid ${fill(c)}` : null);
    if (p.row === 1) sq.style.borderTop = strip(true, B);
    if (p.row === n) sq.style.borderBottom = strip(true, F);
    if (p.column === 1) sq.style.borderLeft = strip(true, L);
    if (p.column === n) sq.style.borderRight = strip(true, R);
    grid.append(sq);
  }
  return h('figure', { class: 'ext-layer' }, h('figcaption', {}, `layer ${side(layer, n, 'top', 'bottom')}`), grid);
}

/** "top back left" for a position of an N x N x N cube (middle ones by number, or "middle" for N = 3). */
export function positionWords(p, n) {
  const pick = (i, first, last, what) => (i === 1 ? first : i === n ? last : n === 3 ? 'middle' : `${what} ${i}`);
  const words = `${pick(p.layer, 'top', 'bottom', 'layer')} ${pick(p.row, 'back', 'front', 'row')} ${pick(p.column, 'left', 'right', 'column')}`;
  return words === 'middle middle middle' ? 'centre' : words;
}

/** The 3D cubes of an assembly, one per position in the assembly's order. */
function buildView(out) {
  const n = out.size;
  const keep = view ? view.rotation() : null;
  view = createView($('ext-view'));
  if (keep) view.setRotation(keep.rx, keep.ry);
  const s = Math.max(16, Math.floor(200 / n));
  const mid = (n - 1) / 2;
  view.fitRadius((Math.sqrt(3) * n * s) / 2);
  shown.cubes = out.assembly.map((p) => {
    const cols = [...p.faces];
    const cube = makeCube(s, cols.map(fill), [], cols.map(ink));
    cube.dataset.layer = p.layer;
    place(cube, (p.column - 1 - mid) * s, (mid - (p.layer - 1)) * s, (p.row - 1 - mid) * s);
    view.world.append(cube);
    return cube;
  });
}

/** The 3D view with the blocks up to index `upTo` (exclusive) shown, `fresh` framed. */
function showCubes(upTo, fresh = -1) {
  shown.cubes.forEach((cube, i) => {
    cube.classList.toggle('hidden', i >= upTo);
    cube.classList.toggle('fresh', i === fresh);
  });
}

/**
 * Step k of the guided assembly (1..N³: block k placed, framed, the camera turned so that
 * it is in view; N³ + 1: the whole cube). Blocks go in layer by layer from the top, rows
 * from the back, columns from the left, so a new block has no neighbour in front, to its
 * right or below: seen from the front right, from above for the top layer and from below
 * for the others.
 */
function step(k) {
  const { out, size: n } = shown;
  const total = n ** 3;
  shown.step = k;
  const p = k <= total ? out.assembly[k - 1] : null;
  showCubes(Math.min(k, total), p ? k - 1 : -1);
  for (const b of document.querySelectorAll('#ext-assembly .chips button')) b.classList.remove('current');
  for (const g of document.querySelectorAll('#ext-layers .ext-layer')) g.classList.toggle('current', p != null && Number(g.querySelector('.ext-grid').dataset.layer) === p.layer);
  for (const c of document.querySelectorAll('#ext-layers .ext-cell')) {
    c.classList.toggle('fresh', p != null && Number(c.dataset.row) === p.row && Number(c.dataset.column) === p.column && Number(c.closest('.ext-grid').dataset.layer) === p.layer);
  }
  const list = $('ext-instructions');
  if (list.children.length !== total) fillInstructions(0);
  [...list.children].forEach((li, i) => {
    li.className = !p || i < k - 1 ? 'placed' : i === k - 1 ? 'current' : 'pending';
    if (i === k - 1) {
      li.setAttribute('aria-current', 'step');
      if (li.scrollIntoViewIfNeeded) li.scrollIntoViewIfNeeded(false);
    } else li.removeAttribute('aria-current');
  });
  $('ext-step-range').value = String(k);
  $('ext-step-range').setAttribute('aria-valuetext', p ? `step ${k} of ${total}, ${positionWords(p, n)}` : 'the whole cube');
  $('ext-step-status').textContent = p ? `step ${k} of ${total}` : `all ${total} blocks placed`;
  $('ext-say').textContent = p ? `Put block ${p.block}${p.name ? ` (${p.name})` : ''} at the ${positionWords(p, n)} (layer ${p.layer}, row ${p.row}, column ${p.column}): ${holdWords(p.faces, p.shows ?? '')}.` :
    'The whole cube: each face shows the target\'s color on that face.';
  $('ext-prev').disabled = k <= 1;
  $('ext-next').disabled = k > total;
  save();
  const cam = !p ? { rx: -28, ry: -36 } : p.layer === 1 ? { rx: -28, ry: -36 } : { rx: 28, ry: -36 };
  view.turnTo(cam.rx, cam.ry);
}

function fillInstructions(layer) {
  const { out, size: n } = shown;
  $('ext-instructions').replaceChildren(...out.assembly.filter((p) => layer === 0 || p.layer === layer).map((p) =>
    h('li', { 'data-layer': p.layer, 'data-cli': `layer ${p.layer}, ${instruction(p, n)}` },
      `${positionWords(p, n)}${p.shows ? ` (${p.shows})` : ''}: block ${p.block}${p.name ? ` (${p.name})` : ''}, ${holdWords(p.faces, p.shows ?? '')}`,
      h('span', { class: 'mono faces' }, ` [${p.faces}]`))));
}

/** Shows one layer (0: the whole cube): its instructions, highlighted; the 3D view down to it. */
function select(layer) {
  const { out, size: n } = shown;
  for (const b of document.querySelectorAll('#ext-assembly .chips button')) b.classList.toggle('current', Number(b.dataset.layer) === layer);
  for (const g of document.querySelectorAll('#ext-layers .ext-layer')) g.classList.toggle('current', layer !== 0 && Number(g.querySelector('.ext-grid').dataset.layer) === layer);
  for (const c of document.querySelectorAll('#ext-layers .ext-cell.fresh')) c.classList.remove('fresh');
  fillInstructions(layer);
  const upTo = layer === 0 ? n : layer;
  showCubes(out.assembly.filter((p) => p.layer <= upTo).length);
  shown.step = n ** 3 + 1;
  $('ext-step-range').value = String(n ** 3 + 1);
  $('ext-step-status').textContent = layer === 0 ? `all ${n ** 3} blocks placed` : `layer ${layer} of ${n}`;
  $('ext-say').textContent = layer === 0 ? 'The whole cube: each face shows the target\'s color on that face.' : `Layer ${layer}: ${n * n} blocks, from the back row to the front, each row from the left.`;
  $('ext-prev').disabled = false;
  $('ext-next').disabled = true;
}
