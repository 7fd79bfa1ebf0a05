// Blocks page: build (POST /api/build), solve (POST /api/solve), the arrangement in 3D with
// explode and stepped assembly, and the corner graph when a target cannot be built.
import { post, showError, fmt, h, s, Task } from './api.js';
import { read, write } from './state.js';
import { fill, ink, legendText, colorName, holdWords, PALETTES, sixColors, setSixColors } from './colors.js';
import { createView, makeCube, place, viewSvg } from './cube3d.js';
import { downloadButtons, svgText } from './download.js';

const $ = (id) => document.getElementById(id);
const CORNERS = ['UFL', 'UFR', 'UBR', 'UBL', 'DFL', 'DFR', 'DBR', 'DBL'];
const SIZE = 80;

let view = null;
let current = null; // {solution, cubes, step}
let lastSolve = null; // {target, blocks}

function blockList() {
  return $('blocks-input').value.trim().split(/\s+/).filter((b) => b.length > 0);
}

// The input each shown result answers; a result whose input is no longer on screen is
// greyed (Task.stale) until the input is back or a new answer replaces it.
let builtFor = null;
let solvedFor = null;
// The face string (U D F B L R, canonical) the targets table shows for each target name, so
// that the arrangements' title names a target as the table does (a Sobczyk symbol such as
// Y1 is an oriented cube: solve returns it as held, wyrbpg, the table canonical, brgpwy).
const tableFaces = new Map();
const buildKey = () => JSON.stringify([blockList(), $('blocks-improper').checked]);
const solveKey = () => JSON.stringify([$('target-input').value.trim(), blockList(), $('solve-interior').checked]);
const buildTask = new Task({ results: () => [$('build-result')], status: 'blocks-status' });
const solveTask = new Task({ results: () => [$('solve-result'), $('arrangement')], status: 'solve-status' });

/** The puzzle picked, while the blocks shown are still exactly its blocks (else null). */
function presetShown() {
  const o = $('blocks-preset').selectedOptions[0];
  return o && o.value && JSON.stringify(o.value.split(' ')) === JSON.stringify(blockList()) ? o : null;
}

function inputChanged() {
  // edited blocks are the user's own: the picker no longer names a puzzle they are not
  if ($('blocks-preset').value && !presetShown()) $('blocks-preset').value = '';
  if (builtFor != null && !buildTask.busy()) buildTask.stale(buildKey() !== builtFor);
  if (solvedFor != null && !solveTask.busy()) solveTask.stale(solveKey() !== solvedFor);
}

// --- the page's state in the address (js/state.js) ---------------------------------------
/** The palette as one word: a preset's key, or "name~#rrggbb" for each of the six colors. */
function paletteWord() {
  const six = sixColors();
  const preset = Object.entries(PALETTES).find(([, p]) => p.six.every((c, i) => c.name === six[i].name && c.css === six[i].css));
  if (preset) return preset[0] === 'standard' ? null : preset[0];
  return six.map((c) => `${c.name}~${c.css}`).join(',');
}

function paletteFromWord(word) {
  if (PALETTES[word]) return PALETTES[word].six;
  const six = word.split(',').map((x) => x.split('~'));
  if (six.length !== 6 || six.some((c) => c.length !== 2 || !/^#[0-9a-f]{6}$/i.test(c[1]))) return null;
  return six.map(([name, css]) => ({ name, css }));
}

/** The input on screen and what is open: blocks, target, arrangement, step, colors. */
export function urlState() {
  return {
    b: $('blocks-input').value.trim(),
    imp: $('blocks-improper').checked,
    t: current ? $('target-input').value.trim() : null,
    i: $('solve-interior').checked,
    a: current ? current.index + 1 : null,
    s: current && current.step !== WHOLE ? current.step : null,
    x: Number($('explode').value) || null,
    pal: paletteWord(),
  };
}

function save() {
  if (read().page === 'blocks' || (read().page === '' && restored)) write('blocks', urlState());
}
let restored = false;

async function restore(params) {
  if (params.has('pal')) {
    const six = paletteFromWord(params.get('pal'));
    if (six) setSixColors(six);
  }
  if (params.has('x')) $('explode').value = params.get('x');
  if (params.has('b')) {
    $('blocks-input').value = params.get('b');
    $('blocks-improper').checked = params.get('imp') === '1';
    await build(false);
  }
  if (params.has('t')) {
    $('solve-interior').checked = params.get('i') === '1';
    const out = await solve(params.get('t'));
    const a = Number(params.get('a'));
    if (out && out.solutions && a >= 1 && a <= out.solutions.length) open(out, a - 1);
    const k = Number(params.get('s'));
    if (current && k >= 1 && k <= WHOLE) setStep(k);
  }
  restored = true;
  save();
}

export function init(params = new URLSearchParams()) {
  $('blocks-preset').onchange = (e) => {
    if (e.target.value) {
      $('blocks-input').value = e.target.value;
      const palette = e.target.selectedOptions[0].dataset.palette;
      if (palette && PALETTES[palette]) setSixColors(PALETTES[palette].six);
      // a new puzzle starts plain: no choice made for the old one carries over
      $('solve-interior').checked = false;
      inputChanged();
    }
  };
  paletteEditor();
  $('blocks-downloads').replaceChildren(downloadButtons(() => viewSvg($('blocks-view')), 'arrangement', 'the 3D view'));
  $('blocks-print').onclick = () => window.print();
  window.addEventListener('palettechange', repaint);
  $('blocks-build').onclick = build;
  $('blocks-input').onkeydown = (e) => {
    if (e.key === 'Enter') build();
  };
  $('blocks-input').addEventListener('input', inputChanged);
  $('blocks-improper').addEventListener('change', inputChanged);
  $('target-input').addEventListener('input', inputChanged);
  $('target-solve').onclick = () => solve($('target-input').value.trim());
  $('target-input').onkeydown = (e) => {
    if (e.key === 'Enter') solve($('target-input').value.trim());
  };
  $('solve-interior').onchange = () => lastSolve && solve(lastSolve.target, blockList());
  $('explode').oninput = layout;
  $('step-first').onclick = () => setStep(1);
  $('step-prev').onclick = () => setStep(Math.max(1, current.step - 1));
  $('step-next').onclick = () => setStep(Math.min(WHOLE, current.step + 1));
  $('step-all').onclick = () => setStep(WHOLE);
  $('step-range').oninput = () => current && setStep(Number($('step-range').value));
  $('blocks-reset-view').onclick = () => view && view.reset();
  netEditor();
  $('explode').addEventListener('change', save);
  $('blocks-input').addEventListener('change', save);
  window.addEventListener('palettechange', save);
  restore(params);
}

// --- colors: the palette editor, and repainting when the colors change ----------------
function paletteEditor() {
  const select = $('palette-preset');
  select.replaceChildren(...Object.entries(PALETTES).map(([k, p]) => h('option', { value: k }, p.title)), h('option', { value: 'own' }, 'your own colors (below)'));
  select.onchange = () => {
    if (PALETTES[select.value]) setSixColors(PALETTES[select.value].six);
  };
  const rows = $('palette-rows');
  const draw = () => {
    const six = sixColors();
    const match = Object.entries(PALETTES).find(([, p]) => p.six.every((c, i) => c.name === six[i].name && c.css === six[i].css));
    select.value = match ? match[0] : 'own';
    if (rows.children.length !== 6) {
      rows.replaceChildren(...six.map((_, i) => {
        const color = h('input', { type: 'color', id: `palette-color-${i + 1}`, 'aria-label': `paint of color ${i + 1}` });
        const name = h('input', { type: 'text', id: `palette-name-${i + 1}`, size: 10, 'aria-label': `name of color ${i + 1}`, spellcheck: 'false' });
        const change = () => {
          const now = sixColors();
          now[i] = { name: name.value.trim() || `color ${i + 1}`, css: color.value };
          setSixColors(now);
        };
        color.oninput = change;
        name.onchange = change;
        return h('div', { class: 'row' }, h('span', { class: 'mono' }, `${i + 1} (${'wybgpr'[i]})`), color, name);
      }));
    }
    six.forEach((c, i) => {
      if (document.activeElement !== $(`palette-color-${i + 1}`)) $(`palette-color-${i + 1}`).value = c.css;
      if (document.activeElement !== $(`palette-name-${i + 1}`)) $(`palette-name-${i + 1}`).value = c.name;
    });
  };
  draw();
  window.addEventListener('palettechange', draw);
}

/** Repaints what the six colors paint: swatches, the net, the arrangement. */
function repaint() {
  for (const sw of document.querySelectorAll('#page-blocks .swatch[data-c]')) sw.style.background = fill(sw.dataset.c);
  if (current) open(current.out, current.index, true);
}

// --- the net editor -------------------------------------------------------------------
function netEditor() {
  const faces = ['1', '1', '1', '1', '1', '1']; // U D F B L R
  let paint = '2';
  const palette = $('net-palette');
  // a radio group: one tab stop (the chosen color); the arrow keys choose the next or the
  // previous color, Home and End the first and the last
  const choose = (b) => {
    paint = b.dataset.c;
    for (const x of palette.children) {
      x.setAttribute('aria-checked', String(x === b));
      x.tabIndex = x === b ? 0 : -1;
    }
  };
  for (const c of '123456') {
    const b = h('button', { type: 'button', role: 'radio', 'aria-checked': String(c === paint), tabindex: c === paint ? '0' : '-1', 'data-c': c, text: c });
    b.onclick = () => choose(b);
    palette.append(b);
  }
  palette.addEventListener('keydown', (e) => {
    const all = [...palette.children];
    const i = all.indexOf(document.activeElement);
    if (i < 0) return;
    const next = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: all.length - 1 }[e.key];
    if (next == null) return;
    e.preventDefault();
    const b = all[(next + all.length) % all.length];
    choose(b);
    b.focus();
  });
  const paintPalette = () => {
    for (const b of palette.children) {
      const c = b.dataset.c;
      b.style.background = fill(c);
      b.style.color = ink(c);
      b.setAttribute('aria-label', `paint ${legendText(c)}`);
    }
  };
  paintPalette();
  window.addEventListener('palettechange', () => {
    paintPalette();
    redraw();
  });
  // Cross layout: U above F; L F R B in the middle row; D below F.
  const cells = { U: [1, 2], L: [2, 1], F: [2, 2], R: [2, 3], B: [2, 4], D: [3, 2] };
  const order = ['U', 'D', 'F', 'B', 'L', 'R'];
  const net = $('net');
  const redraw = () => {
    for (const b of net.children) {
      const c = faces[order.indexOf(b.dataset.face)];
      b.style.background = fill(c);
      b.style.color = ink(c);
      b.textContent = `${b.dataset.face} ${c}`;
      b.setAttribute('aria-label', `${b.dataset.face} ${c}: face ${b.dataset.face}, ${colorName(c) ?? c}; paint it`);
    }
    $('net-faces').textContent = faces.join('');
  };
  for (const [f, [r, col]] of Object.entries(cells)) {
    const b = h('button', { type: 'button', 'data-face': f, tabindex: f === 'U' ? '0' : '-1' });
    b.style.gridRow = r;
    b.style.gridColumn = col;
    b.onclick = () => {
      faces[order.indexOf(f)] = paint;
      redraw();
    };
    net.append(b);
  }
  // the net is one tab stop; the arrow keys move over its cross as it is drawn
  const beside = { U: { ArrowDown: 'F' }, L: { ArrowRight: 'F' }, F: { ArrowUp: 'U', ArrowDown: 'D', ArrowLeft: 'L', ArrowRight: 'R' },
    R: { ArrowLeft: 'F', ArrowRight: 'B' }, B: { ArrowLeft: 'R' }, D: { ArrowUp: 'F' } };
  net.addEventListener('keydown', (e) => {
    const at = document.activeElement?.dataset.face;
    const to = at && beside[at][e.key];
    if (!to) return;
    e.preventDefault();
    for (const b of net.children) b.tabIndex = b.dataset.face === to ? 0 : -1;
    net.querySelector(`[data-face="${to}"]`).focus();
  });
  redraw();
  $('net-add').onclick = () => {
    const v = $('blocks-input').value.trim();
    $('blocks-input').value = (v ? `${v} ` : '') + faces.join('');
    inputChanged();
  };
}

// --- build ------------------------------------------------------------------------------
async function build(explain = true) {
  const blocks = blockList();
  const key = buildKey();
  showError($('blocks-error'), null);
  showError($('target-error'), null);
  // the arrangement shown was for the old blocks: gone with them
  solveTask.cancel();
  solveTask.clear();
  solvedFor = null;
  let out;
  try {
    out = await buildTask.run((signal) => post('build', { blocks, improper: $('blocks-improper').checked }, signal));
  } catch (e) {
    builtFor = null;
    showError($('blocks-error'), e.message);
    return;
  }
  if (!out) return;
  builtFor = key;
  save();
  const box = $('build-result');
  box.hidden = false;
  const n = out.targets.length;
  const head = h('p', { id: 'build-summary' }, `${out.blocks} blocks over colors ${out.colors}: ${n} ${out.improper ? '' : 'proper '}target${n === 1 ? '' : 's'} can be built`);
  if (n === 0) {
    box.replaceChildren(head, h('p', {}, 'Pick or type a target below to see why it cannot be built.'));
    if (explain) whyNot(out.colors, blocks);
  } else {
    tableFaces.clear();
    out.targets.forEach((t) => t.name && tableFaces.set(t.name, t.target));
    const rows = out.targets.map((t) =>
      h('tr', {},
        h('td', {}, swatches(t.target), h('span', { class: 'mono' }, ` ${t.target}`)),
        h('td', {}, t.name ?? ''),
        h('td', { class: 'num' }, fmt(t.arrangements)),
        h('td', {}, t.proper ? 'proper' : 'improper'),
        h('td', {}, h('button', { type: 'button', 'aria-label': `Show the arrangements of ${t.name ?? t.target}`, disabled: blocks.length !== 8, onclick: () => solve(t.name ?? t.target) }, 'Show'))),
    );
    const note = blocks.length !== 8 ? h('p', { class: 'hint' }, `The counts are over every choice of 8 of the ${blocks.length} blocks; to see arrangements, keep exactly eight.`) : null;
    box.replaceChildren(head, note ?? '', h('div', { class: 'card-scroll' }, h('table', { id: 'targets' },
      h('thead', {}, h('tr', {}, h('th', {}, 'target (U D F B L R)'), h('th', {}, 'name'), h('th', { class: 'num' }, 'arrange\u00adments'), h('th', {}, 'kind'), h('th', {}, h('span', { class: 'visually-hidden' }, 'arrangements of the target')))),
      h('tbody', {}, rows))));
  }
}

// The 30 proper targets over MacMahon's colors (Conway's names) or Kahan's (Sobczyk's
// names), from `cubes`; for these palettes a set that builds nothing is explained at once.
let macmahon = null;
async function whyNot(colors, blocks) {
  const kahan = colors === 'bgprwy';
  if (colors !== '123456' && !kahan) return;
  try {
    macmahon ??= (await post('cubes', {})).cubes;
  } catch {
    return; // the text field still works
  }
  const names = macmahon.map((c) => (kahan ? c.sobczyk : c.name));
  // a puzzle picked as "Builds nothing: ... of Y1" is explained for the target it names
  const why = presetShown()?.dataset.why;
  const first = names.includes(why) ? why : names[0];
  const select = h('select', { id: 'why-not' }, names.map((nm) => h('option', { value: nm, selected: nm === first }, nm)));
  select.onchange = () => solve(select.value);
  $('build-result').append(h('div', { class: 'row' }, h('label', { for: 'why-not' }, 'Why not this target:'), select));
  if (JSON.stringify(blockList()) === JSON.stringify(blocks)) solve(first);
}

function swatches(faces) {
  return h('span', { 'aria-hidden': 'true' }, [...faces].map((c) => {
    const sw = h('span', { class: 'swatch', 'data-c': c });
    sw.style.background = fill(c);
    return sw;
  }));
}

// --- solve ------------------------------------------------------------------------------
/** Solves `target` (shown in the target field first: the page sends what it shows). */
async function solve(target) {
  $('target-input').value = target;
  const blocks = blockList();
  const key = solveKey();
  showError($('blocks-error'), null);
  showError($('target-error'), null);
  if (!target) {
    showError($('target-error'), 'type a target: a Conway name such as Ba, or six colors U D F B L R such as 152436');
    return;
  }
  lastSolve = { target, blocks };
  let out;
  try {
    out = await solveTask.run((signal) => post('solve', { target, blocks, interior: $('solve-interior').checked, limit: 100, explain: true }, signal));
  } catch (e) {
    solvedFor = null;
    // the field the message is about: the target, or the blocks
    showError(/^target\b/.test(e.message) ? $('target-error') : $('blocks-error'), e.message);
    return;
  }
  if (!out) return;
  solvedFor = key;
  $('solve-result').hidden = false;
  const shown = out.name && tableFaces.get(out.name);
  const faces = shown && shown !== out.target ? `${shown}; held as ${out.target}, U D F B L R` : out.target;
  const name = out.name ? `${out.name} (${faces})` : out.target;
  const what = out.interior ? ' with matching inner faces' : '';
  $('solve-title').textContent = `Target ${name}: ${fmt(out.arrangements)} arrangement${out.arrangements == 1 ? '' : 's'}${what}` +
    (Number(out.listed) < Number(out.arrangements) ? ` (the first ${out.listed} listed)` : '');
  const list = $('solve-list');
  list.replaceChildren(...(out.solutions ?? []).map((sol, i) =>
    h('button', { type: 'button', class: 'arr', 'aria-label': `arrangement ${i + 1}`, title: sol.interior_matches ? 'inner faces match' : '', onclick: () => open(out, i) },
      `${i + 1}${sol.interior_matches ? ' ✓' : ''}`)));
  const ex = $('explanation');
  ex.replaceChildren();
  if (Number(out.arrangements) === 0 && out.explanation) ex.append(drawExplanation(out));
  if (out.solutions && out.solutions.length > 0) open(out, 0);
  else {
    $('arrangement').hidden = true;
    current = null;
  }
  save();
  return out;
}

// --- the arrangement: guided assembly ---------------------------------------------------
// Steps 1..8 place one block each (in the CLI's corner order), the camera turned toward
// it, the block framed, its place in words and its colors named; step 9 is the whole cube
// seen from the front (the first view).
const WHOLE = 9;
const DEFAULT_TURN = { rx: -28, ry: -36 };

/** "top front left" for the corner UFL. */
export function cornerWords(corner) {
  const word = { U: 'top', D: 'bottom', F: 'front', B: 'back', L: 'left', R: 'right' };
  return [...corner].map((c) => word[c]).join(' ');
}

/** The camera turned toward a corner: from its side, above or below it. */
function cameraFor(corner) {
  const left = corner.includes('L');
  const back = corner.includes('B');
  const ry = back ? (left ? 144 : 216) : left ? 36 : -36;
  return { rx: corner[0] === 'U' ? -28 : 28, ry };
}

function open(out, index, keepStep = false) {
  const sol = out.solutions[index];
  $('arrangement').hidden = false;
  for (const b of $('solve-list').children) b.classList.toggle('current', b === $('solve-list').children[index]);
  $('arr-title').textContent = `Arrangement ${index + 1} of ${fmt(out.arrangements)}${sol.interior_matches ? ' (inner faces match)' : ''}`;
  const keep = view ? view.rotation() : null;
  view = createView($('blocks-view'), DEFAULT_TURN);
  if (keep) view.setRotation(keep.rx, keep.ry);
  const cubes = sol.placements.map((p) => {
    const cols = [...p.faces];
    const cube = makeCube(SIZE, cols.map(fill), cols, cols.map(ink));
    cube.dataset.corner = p.corner;
    cube.dataset.faces = p.faces;
    view.world.append(cube);
    return cube;
  });
  const colors = [...new Set(sol.placements.flatMap((p) => [...p.faces]))].sort();
  $('blocks-legend').replaceChildren(...colors.map((c) => {
    const sw = h('span', { class: 'swatch', 'data-c': c });
    sw.style.background = fill(c);
    return h('span', {}, sw, legendText(c));
  }));
  $('instructions').replaceChildren(...sol.placements.map((p, i) => {
    const cli = `${p.position}: block ${p.block} (${p.name ?? p.faces}), hold it with ${p.up} up and ${p.front} front [${p.faces}]`;
    return h('li', { 'data-corner': p.corner, 'data-cli': cli },
      h('button', { type: 'button', class: 'step-link', onclick: () => setStep(i + 1) }, `${cornerWords(p.corner)}:`),
      ` block ${p.block} (${p.name ?? p.faces}), ${holdWords(p.faces, p.corner)}`,
      h('span', { class: 'mono faces' }, ` [${p.faces}]`));
  }));
  const step = keepStep && current ? current.step : WHOLE;
  current = { out, index, sol, cubes, step };
  layout();
  setStep(step, !keepStep);
}

function layout() {
  if (!current) return;
  const e = Number($('explode').value) / 100;
  const d = (SIZE / 2 + 1) * (1 + 1.6 * e);
  // explode keeps the blocks in the frame: the world shrinks so that the sphere around
  // them, magnified by the perspective (1100 px), stays inside the view's half height
  view.fitRadius(Math.sqrt(3) * (d + SIZE / 2));
  current.cubes.forEach((cube) => {
    const c = cube.dataset.corner;
    place(cube, c.includes('L') ? -d : d, c[0] === 'U' ? d : -d, c.includes('F') ? d : -d);
  });
}

/** Shows step k (1..8: block k placed; 9: the whole cube); `turn`: move the camera. */
function setStep(k, turn = true) {
  current.step = k;
  const placed = Math.min(k, 8);
  current.cubes.forEach((cube, i) => {
    cube.classList.toggle('hidden', i >= placed);
    cube.classList.toggle('fresh', k < WHOLE && i === k - 1);
  });
  [...$('instructions').children].forEach((li, i) => {
    li.className = k === WHOLE || i < k - 1 ? 'placed' : i === k - 1 ? 'current' : 'pending';
    if (i === k - 1) li.setAttribute('aria-current', 'step');
    else li.removeAttribute('aria-current');
  });
  const p = k < WHOLE ? current.sol.placements[k - 1] : null;
  $('step-status').textContent = p ? `step ${k} of 8: ${p.position}` : 'all 8 blocks placed';
  $('step-say').textContent = p ? `Put block ${p.block} (${p.name ?? p.faces}) at the ${cornerWords(p.corner)} corner: ${holdWords(p.faces, p.corner)}.` :
    'The whole cube: every outer face shows one color.';
  $('step-range').value = String(k);
  $('step-range').setAttribute('aria-valuetext', p ? `step ${k} of 8, ${cornerWords(p.corner)}` : 'the whole cube');
  // a button disabled under the keyboard's focus hands it to its partner (not to the page)
  const focused = document.activeElement;
  $('step-prev').disabled = k <= 1;
  $('step-next').disabled = k >= WHOLE;
  if (focused === $('step-next') && k >= WHOLE) $('step-first').focus();
  if (focused === $('step-prev') && k <= 1) $('step-next').focus();
  if (turn && view) {
    const cam = p ? cameraFor(p.corner) : DEFAULT_TURN;
    view.turnTo(cam.rx, cam.ry);
  }
  save();
}

// --- the corner graph (Magnier) -------------------------------------------------------
function cornerPoint(c) {
  let x = c.includes('L') ? 40 : 250;
  let y = c[0] === 'U' ? 80 : 280;
  if (c.includes('B')) {
    x += 110;
    y -= 45;
  }
  return [x, y];
}

const COMPONENT_COLORS = ['#1f77b4', '#2ca02c', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#bcbd22', '#7f7f7f'];

function drawExplanation(out) {
  const ex = out.explanation;
  const reason = ex.reason ?? '';
  // what the reason names, as the library lists it (not read back from its sentence)
  const badCorners = new Set(ex.reason_corners ?? []);
  const badBlocks = new Set(ex.reason_blocks ?? []);
  const svg = s('svg', { width: 420, height: 330, viewBox: '0 0 420 330', role: 'img', 'aria-label': `corner graph: ${reason}`, id: 'corner-graph' });
  // the cube's edges, faint
  for (const a of CORNERS) {
    for (const b of CORNERS) {
      const diff = [0, 1, 2].filter((i) => a[i] !== b[i]).length;
      if (a < b && diff === 1) {
        const [x1, y1] = cornerPoint(a);
        const [x2, y2] = cornerPoint(b);
        svg.append(s('line', { x1, y1, x2, y2, stroke: '#dddddd', 'stroke-width': 1, 'stroke-dasharray': '4 3' }));
      }
    }
  }
  const compOf = new Map();
  ex.components.forEach((c, i) => c.blocks.forEach((b) => compOf.set(b, i)));
  const pairCount = new Map();
  const others = [];
  for (const f of ex.fits) {
    const bad = badBlocks.has(f.block);
    const color = bad ? '#d62728' : COMPONENT_COLORS[(compOf.get(f.block) ?? 0) % COMPONENT_COLORS.length];
    if (f.corners.length === 2) {
      const key = f.corners.join('-');
      const k = pairCount.get(key) ?? 0;
      pairCount.set(key, k + 1);
      const [x1, y1] = cornerPoint(f.corners[0]);
      const [x2, y2] = cornerPoint(f.corners[1]);
      // parallel edges bend apart
      const bend = (k % 2 === 0 ? 1 : -1) * Math.ceil(k / 2) * 28;
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const mx = (x1 + x2) / 2 - ((y2 - y1) / len) * bend;
      const my = (y1 + y2) / 2 + ((x2 - x1) / len) * bend;
      svg.append(s('path', { d: `M${x1},${y1} Q${mx},${my} ${x2},${y2}`, fill: 'none', stroke: color, 'stroke-width': bad ? 3.5 : 2.5, class: 'block-edge', 'data-block': f.block }));
      // labels a third of the way along, alternating ends, so crossing diagonals keep theirs apart
      const u = (f.block + k) % 2 === 1 ? 0.3 : 0.7;
      const lx = (1 - u) * (1 - u) * x1 + 2 * (1 - u) * u * mx + u * u * x2;
      const ly = (1 - u) * (1 - u) * y1 + 2 * (1 - u) * u * my + u * u * y2;
      svg.append(s('rect', { x: lx - 13, y: ly - 9, width: 26, height: 16, rx: 4, fill: '#fff', stroke: color }));
      svg.append(s('text', { x: lx, y: ly + 3.5, 'text-anchor': 'middle', 'font-size': 11, fill: color }, `b${f.block}`));
    } else {
      others.push(f);
    }
  }
  for (const c of CORNERS) {
    const [x, y] = cornerPoint(c);
    const bad = badCorners.has(c);
    svg.append(s('circle', { cx: x, cy: y, r: 17, fill: bad ? '#d62728' : '#ffffff', stroke: '#333', 'stroke-width': 1.5, class: bad ? 'corner bad' : 'corner', 'data-corner': c }));
    svg.append(s('text', { x, y: y + 4, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 600, fill: bad ? '#fff' : '#000' }, c));
  }
  const fitsRows = ex.fits.map((f) =>
    h('tr', { class: badBlocks.has(f.block) ? 'bad' : '' }, h('td', {}, `block ${f.block}${f.name ? ` (${f.name})` : ''}`), h('td', {}, fitWords(f.corners))));
  const comps = ex.components.map((c) => h('li', {}, componentWords(c)));
  // the blocks drawn as no edge, by how many corners they fit (none, one, three or more)
  const groups = [['no corner', (k) => k === 0], ['one corner only', (k) => k === 1], ['more than two corners', (k) => k > 2]]
    .map(([words, test]) => [words, others.filter((f) => test(f.corners.length))])
    .filter(([, fs]) => fs.length)
    .map(([words, fs]) => `${fs.map((f) => `b${f.block}`).join(', ')} ${fs.length === 1 ? 'fits' : 'fit'} ${words}`);
  const marked = [badCorners.size ? (badCorners.size === 1 ? 'the corner' : 'the corners') : null, badBlocks.size ? (badBlocks.size === 1 ? 'the block' : 'the blocks') : null].filter(Boolean);
  const legend = `Each edge is a block that fits exactly two corners${marked.length ? `; red marks ${marked.join(' and ')} the reason names${badBlocks.size ? ' (and their rows in the table)' : ''}` : ''}.`;
  return h('div', { class: 'explain' },
    h('h4', {}, 'Why not: the corner graph (Magnier)'),
    downloadButtons(() => svgText(svg), `corner-graph-${out.name ?? out.target}`, 'the corner graph'),
    h('p', { class: 'error', id: 'explain-reason' }, reason ? `No arrangement: ${reason}` : 'No arrangement.'),
    h('div', { class: 'viewer' }, svg,
      h('div', {},
        h('p', { id: 'explain-legend' }, legend),
        h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, 'block'), h('th', {}, 'corners it can fill'))), h('tbody', {}, fitsRows)),
        groups.length ? h('p', { id: 'explain-others' }, `Not drawn as edges: ${groups.join('; ')} (see the table).`) : null,
        h('ul', { id: 'explain-components' }, comps))));
}

/** The corners a block fits, in the words of `solve --explain`. */
function fitWords(corners) {
  if (corners.length === CORNERS.length) return 'every corner';
  return corners.length ? corners.join(', ') : 'no corner';
}

/**
 * A component of the corner graph as `solve --explain` words it: "tree corners UFR, DBL;
 * block 6", and a corner no block joins to another "lone corner UBL; no block joins it to
 * another corner".
 */
export function componentWords(c) {
  const corners = `${c.corners.length === 1 ? 'corner' : 'corners'} ${c.corners.join(', ')}`;
  if (c.blocks.length === 0) return `lone ${corners}; no block joins it to another corner`;
  return `${c.kind} ${corners}; ${c.blocks.length === 1 ? 'block' : 'blocks'} ${c.blocks.join(' ')}`;
}
