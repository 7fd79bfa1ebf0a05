// "Make your own" page (docs/design.md, docs/print.md): a puzzle with exactly the
// properties asked for, drawn uniformly among all such by POST /api/design/blocks,
// /api/design/stack or /api/design/extended, shown with the number of such sets and its
// difficulty; then, for blocks and stacks, the nets to print for exactly that set, from
// POST /api/print/blocks or /api/print/stack (the file `cubelab print ... -o FILE` writes).
// An extended design (N³ cubes building the target as an N x N x N cube in one way) is
// shown as its classes table and its assembly in 3D. Below it, the picture cube maker: six pictures of
// one's own, read in the page and sent base64-encoded to POST /api/print/picture (the file
// `cubelab print picture --images ... -o FILE` writes).
import { post, postFile, showError, plain, plural, fmt, h, Task, ApiError, Cancelled } from './api.js';
import { read, write } from './state.js';
import { fill, ink, colorName } from './colors.js';
import { createView, makeCube, place, viewSvg } from './cube3d.js';
import { downloadButtons, save } from './download.js';
import { commandOf, quote } from './census.js';

const $ = (id) => document.getElementById(id);
const SIZE = 50;
const task = new Task({ results: () => [$('make-result'), $('make-none')], status: 'make-status' });
let designedFor = null;
let designed = null;

// The request fields and the inputs that hold them (an error naming a field marks its input;
// `target` is the blocks kind's or the extended kind's own input: see inputOf).
const FIELD_INPUT = {
  targets: 'make-targets', target: 'make-target', arrangements: 'make-arrangements', interior: 'make-interior',
  palette: 'make-palette', colors: 'make-palette',
  repeats: 'make-repeats', seed: 'make-seed', cubes: 'make-cubes', solutions: 'make-solutions',
  size: 'make-size', types: 'make-types', edge: 'make-edge', paper: 'make-paper',
};
// The largest N the server designs for a request (the route refuses more with the command to run).
const WEB_MAX_SIZE = 4;

const kind = () => $('make-kind').value;
/** The input holding a request field for the kind on screen. */
const inputOf = (field) => (field === 'target' && kind() === 'extended' ? 'make-ext-target' : FIELD_INPUT[field]);
const whole = (id) => {
  const v = $(id).value.trim();
  return v === '' ? null : Number(v);
};

/** The design request of the form: exactly the fields of `design blocks`, `stack` or `extended`. */
function request() {
  const seed = whole('make-seed') ?? 1;
  if (kind() === 'extended') {
    // the target left out is the route's default (Ba), which the report's input names
    const target = $('make-ext-target').value.trim();
    return { size: whole('make-size'), ...(target === '' ? {} : { target }), types: whole('make-types'), seed };
  }
  if (kind() === 'stack') {
    return { cubes: whole('make-cubes'), solutions: whole('make-solutions'), repeats: $('make-repeats').checked, seed };
  }
  const target = $('make-target').value.trim();
  // "Blocks from": '' (MacMahon's 30), 'c5' (C_5: colors 5) or 'p7' (Sadisticube 7: palette 7)
  const from = $('make-palette').value;
  return {
    targets: whole('make-targets'), target: target === '' ? null : target, arrangements: whole('make-arrangements'),
    interior: $('make-interior').checked, repeats: $('make-repeats').checked,
    // the cubes only when chosen, as the report's input and the command line give them
    ...(from === 'c5' ? { colors: 5 } : {}), ...(from === 'p7' ? { palette: 7 } : {}), seed,
  };
}
const key = () => JSON.stringify([kind(), request()]);

function inputChanged() {
  for (const el of document.querySelectorAll('#make-form .blocks-only')) el.hidden = kind() !== 'blocks';
  for (const el of document.querySelectorAll('#make-form .stack-only')) el.hidden = kind() !== 'stack';
  for (const el of document.querySelectorAll('#make-form .extended-only')) el.hidden = kind() !== 'extended';
  for (const el of document.querySelectorAll('#make-form .not-extended')) el.hidden = kind() === 'extended';
  if (designedFor != null && !task.busy()) task.stale(key() !== designedFor);
}

/** The form once designed (the address restores it and designs again). */
export function urlState() {
  if (designedFor == null) return {};
  const r = request();
  if (kind() === 'extended') return { k: 'extended', sz: r.size, t: r.target, ty: r.types, sd: r.seed };
  return kind() === 'stack'
    ? { k: 'stack', n: r.cubes, so: r.solutions, r: r.repeats, sd: r.seed }
    : { k: 'blocks', ts: r.targets, t: r.target, a: r.arrangements, i: r.interior, r: r.repeats, c: r.colors, p: r.palette, sd: r.seed };
}

function saveState() {
  if (read().page === 'make') write('make', urlState());
}

const field = (label, id, attrs = {}, cls = '') =>
  h('span', { class: `field ${cls}` }, h('label', { for: id }, label), h('input', { id, ...attrs }));
const check = (label, id, cls = '') =>
  h('span', { class: `field ${cls}` }, h('input', { id, type: 'checkbox' }), h('label', { for: id }, label));

export function init(params = new URLSearchParams()) {
  const num = (min, max) => ({ type: 'number', inputmode: 'numeric', min, max, step: 1, class: 'num' });
  $('make-body').replaceChildren(
    h('p', { class: 'hint' }, 'A puzzle with exactly the properties you ask for, drawn uniformly at random among all sets that have them, with their number; then its nets to print, cut, fold and glue, with the assembly instructions on the last page.'),
    h('div', { id: 'make-form' },
      h('div', { class: 'row' },
        h('label', { for: 'make-kind' }, 'Puzzle'),
        h('select', { id: 'make-kind' },
          h('option', { value: 'blocks' }, 'Eight blocks building chosen targets'),
          h('option', { value: 'stack' }, 'A stack (Instant Insanity)'),
          h('option', { value: 'extended' }, 'An N × N × N cube with one assembly'))),
      h('div', { class: 'row blocks-only' },
        h('label', { for: 'make-palette' }, 'Blocks from'),
        h('select', { id: 'make-palette' },
          h('option', { value: '' }, "MacMahon's 30 cubes"),
          h('option', { value: 'c5' }, 'Sadisticube 5: 75 cubes of five colors (a named target)'),
          h('option', { value: 'p7' }, 'Sadisticube 7: 210 blocks, six of seven colors (a named target)'))),
      h('div', { class: 'row' },
        field('Targets built', 'make-targets', { ...num(0, 30), placeholder: 'any' }, 'blocks-only'),
        field('Target', 'make-target', { type: 'text', size: 8, spellcheck: 'false', autocomplete: 'off', placeholder: 'e.g. Ba' }, 'blocks-only'),
        field('Arrangements', 'make-arrangements', { ...num(1), placeholder: 'any' }, 'blocks-only'),
        check('Matching interior', 'make-interior', 'blocks-only'),
        field('Cubes', 'make-cubes', { ...num(2, 6), value: 4 }, 'stack-only'),
        field('Solutions', 'make-solutions', { ...num(0), value: 1 }, 'stack-only'),
        field(`N (2 to ${WEB_MAX_SIZE} here)`, 'make-size', { ...num(2, WEB_MAX_SIZE), value: 3 }, 'extended-only'),
        field('Target', 'make-ext-target', { type: 'text', size: 8, spellcheck: 'false', autocomplete: 'off', placeholder: 'Ba' }, 'extended-only'),
        field('Different cubes', 'make-types', { ...num(1), placeholder: 'any' }, 'extended-only'),
        check('Repeats allowed', 'make-repeats', 'not-extended'),
        field('Seed', 'make-seed', { ...num(0), value: 1 }),
        h('button', { type: 'button', id: 'make-design' }, 'Design'))),
    h('p', { class: 'error', id: 'make-error', role: 'alert', hidden: true }),
    h('p', { class: 'status', id: 'make-status', 'aria-live': 'polite', hidden: true }),
    h('div', { id: 'make-none', class: 'none', hidden: true }),
    h('div', { id: 'make-result', 'aria-live': 'polite', hidden: true }),
    pictureCard());
  $('make-targets').value = '1';
  $('make-design').onclick = design;
  for (const el of document.querySelectorAll('#make-form input, #make-form select')) {
    el.addEventListener(el.type === 'checkbox' || el.tagName === 'SELECT' ? 'change' : 'input', inputChanged);
    // (a listener, not `onkeydown`: a handler property returning false would cancel every other key)
    if (el.tagName === 'INPUT') {
      el.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') design();
      });
    }
  }
  if (params.has('k')) {
    const k = ['stack', 'extended'].includes(params.get('k')) ? params.get('k') : 'blocks';
    $('make-kind').value = k;
    const put = (id, key) => params.has(key) && ($(id).value = params.get(key));
    // each kind's own keys only (`t` is the blocks target or the extended target)
    if (k === 'blocks') {
      put('make-targets', 'ts');
      if (!params.has('ts')) $('make-targets').value = '';
      put('make-target', 't');
      put('make-arrangements', 'a');
      $('make-palette').value = params.get('p') === '7' ? 'p7' : params.get('c') === '5' ? 'c5' : '';
      $('make-interior').checked = params.get('i') === '1';
    } else if (k === 'stack') {
      put('make-cubes', 'n');
      put('make-solutions', 'so');
    } else {
      put('make-size', 'sz');
      put('make-ext-target', 't');
      put('make-types', 'ty');
    }
    put('make-seed', 'sd');
    if (k !== 'extended') $('make-repeats').checked = params.get('r') === '1';
  }
  inputChanged();
  if (params.has('k')) design();
}

/**
 * Shows an error line, marking the input of the field it names (`targets 6: …`, `'seed': …`;
 * the route's refusal of a size too large for a request, `designing a 5 x 5 x 5 cube takes
 * too long …`, marks N).
 */
function fieldError(errorEl, message) {
  for (const id of [...Object.values(FIELD_INPUT), 'make-ext-target']) $(id)?.removeAttribute('aria-invalid');
  delete errorEl.dataset.for;
  if (message != null) {
    const named = /^'?([a-z_]+)'?[ :]/.exec(message);
    if (named && inputOf(named[1])) errorEl.dataset.for = inputOf(named[1]);
    else if (/^designing an? \d+ x \d+ x \d+ cube /.test(message)) errorEl.dataset.for = FIELD_INPUT.size;
  }
  showError(errorEl, message);
}

// A request no set meets (`targets 6: no set of 8 distinct MacMahon cubes builds exactly 6
// targets: the census of all 5852925 sets finds at most 5`; `types 11: no multiset of 27
// MacMahon cubes builds Ba as a 3 x 3 x 3 cube … : all 114733513 that do have 1 to 10
// different cubes`): the census fact that shows it.
const NONE = /^(?:[a-z_]+ [^ :]+: )?(no (?:set|multiset) of .*)$/;

async function design() {
  fieldError($('make-error'), null);
  inputChanged();
  const k = key();
  const what = kind();
  const req = request();
  let out;
  try {
    out = await task.run((signal) => post(`design/${what}`, req, signal));
  } catch (e) {
    designedFor = null;
    designed = null;
    const none = e instanceof ApiError ? NONE.exec(plain(e.message)) : null;
    if (none) {
      const box = $('make-none');
      box.replaceChildren(h('p', { id: 'make-none-line' }, h('strong', {}, 'None exists: '), none[1]));
      box.hidden = false;
    } else {
      fieldError($('make-error'), e.message);
    }
    return;
  }
  if (!out) return;
  designedFor = k;
  designed = { kind: what, out };
  saveState();
  $('make-none').hidden = true;
  if (what === 'extended') renderExtended(out);
  else render(what, out);
}

function render(what, out) {
  const box = $('make-result');
  box.hidden = false;
  const cubes = what === 'stack' ? out.stack : out.blocks;
  const all = what === 'stack'
    ? `${fmt(out.collections)} ${out.input.repeats ? 'multisets' : 'sets'} of ${out.input.cubes} cubes of C_${out.input.cubes}`
    : `${fmt(out.collections)} ${blocksUniverse(out.input)}`;
  const viewBox = h('div', { class: 'view3d', id: 'make-view', tabindex: '0', role: 'img', 'aria-label': `3D view of the designed ${what === 'stack' ? 'stack' : 'blocks'}; drag or use the arrow keys to rotate` });
  const names = cubes.map((c) => c.name);
  const facts = what === 'stack' ? stackFacts(out) : blocksFacts(out);
  box.replaceChildren(
    h('p', { id: 'make-count' }, `One of ${plural(out.count, 'set', 'sets')} with these properties, among the ${all}, drawn uniformly at random (seed ${out.input.seed}).`),
    h('p', { class: 'mono', id: 'make-cubes-list' }, `${what === 'stack' ? 'cubes, bottom first' : 'blocks'}: ${names.join(' ')}`),
    h('div', { class: 'viewer' },
      h('div', {}, viewBox, h('div', { class: 'row' }, downloadButtons(() => viewSvg(viewBox), `design-${what}`, 'the 3D view'))),
      facts),
    h('p', {}, 'Command line: ', h('code', { id: 'make-command' }, commandOf(out))),
    printControls(what, names));
  // a stack with a solution is drawn solved (every side showing each color once), and a
  // button shows the cubes as they were drawn from the census
  const solved = what === 'stack' && out.solution ? out.solution : null;
  draw(what, solved ?? cubes, viewBox);
  if (solved) {
    const toggle = h('button', { type: 'button', id: 'make-stack-toggle', 'aria-pressed': 'true' }, 'Solved: show as drawn');
    toggle.onclick = () => {
      const on = toggle.getAttribute('aria-pressed') !== 'true';
      toggle.setAttribute('aria-pressed', String(on));
      toggle.textContent = on ? 'Solved: show as drawn' : 'As drawn: show solved';
      draw(what, on ? solved : cubes, viewBox);
    };
    viewBox.nextSibling.prepend(toggle);
  }
}

/** What the blocks were drawn from, in the words of the CLI's text. */
function blocksUniverse(input) {
  if (input.palette != null) return 'sets of 8 distinct Sadisticube 7 blocks';
  if (input.colors != null && input.colors !== 6) return `sets of 8 distinct cubes of C_${input.colors}`;
  return input.repeats ? 'multisets of 8 MacMahon cubes' : 'sets of 8 distinct MacMahon cubes';
}

function blocksFacts(out) {
  const targets = out.input.palette != null ? 210 : out.input.colors === 5 ? 75 : 30;
  if (!out.targets.length) return h('div', { id: 'make-facts' }, h('p', {}, `They build none of the ${targets} targets.`));
  const hardest = out.targets.reduce((a, t) => (t.dead_ends > a.dead_ends ? t : a), out.targets[0]);
  return h('div', { id: 'make-facts' },
    h('p', { id: 'make-difficulty' }, `Difficulty: ${plural(hardest.dead_ends, 'dead end', 'dead ends')} placing blocks corner by corner for ${hardest.target} (the most among the targets built).`),
    h('div', { class: 'card-scroll', tabindex: '0' },
      h('table', { id: 'make-targets-table' },
        h('caption', {}, `The ${plural(out.targets.length, 'target', 'targets')} they build`),
        h('thead', {}, h('tr', {}, ['target', 'faces', 'arrangements', 'dead ends', 'partial assemblies'].map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, out.targets.map((t) => h('tr', {},
          h('td', {}, t.target), h('td', { class: 'mono' }, t.faces), h('td', {}, fmt(t.arrangements)),
          h('td', {}, fmt(t.dead_ends)), h('td', {}, fmt(t.partial))))))),
    h('p', {}, h('a', { id: 'make-open-blocks', href: `#blocks?b=${encodeURIComponent(out.blocks.map((b) => b.name).join(' '))}` }, 'Open in the Blocks tab')));
}

/** A color of a designed puzzle by its name, with its digit: "white (1)". */
const named = (ch) => (colorName(ch) ? `${colorName(ch)} (${ch})` : ch);

/** A cube of a stack's solution in words, as `stack solve`'s text says it (bottom first). */
export function stackCubeWords(c) {
  const [front, right, back, left] = c.sides.map(named);
  return `cube ${c.cube}: ${named(c.top)} on top, ${named(c.bottom)} at the bottom; around it front ${front}, right ${right}, back ${back}, left ${left}`;
}

function stackFacts(out) {
  return h('div', { id: 'make-facts' },
    h('p', { id: 'make-difficulty' }, `${plural(out.solutions, 'solution', 'solutions')} (${plural(out.distinct, 'distinct-looking stack', 'distinct-looking stacks')}).`),
    out.solution ? h('p', {}, 'A solution, bottom first (the 3D view shows it stood so):') : null,
    out.solution ? h('ol', { id: 'make-solution' }, out.solution.map((c) => h('li', {}, stackCubeWords(c)))) : null);
}

function draw(what, cubes, viewBox) {
  const view = createView(viewBox, { rx: -22, ry: -30 });
  const gap = SIZE + 14;
  if (what === 'stack') {
    const n = cubes.length;
    view.fitRadius(Math.hypot(n * (SIZE + 2), SIZE, SIZE) / 2);
    cubes.forEach((c, i) => add(view, c.faces, 0, (i - (n - 1) / 2) * (SIZE + 2), 0));
  } else {
    // two rows of four, as they lie on the table
    view.fitRadius(Math.hypot(4 * gap, 2 * gap, SIZE) / 2);
    cubes.forEach((c, i) => add(view, c.faces, ((i % 4) - 1.5) * gap, 0, (Math.floor(i / 4) - 0.5) * gap));
  }
}

// --- an extended design: N³ cubes building the target in one way ---------------------------

/** How the CLI's text says one class's cubes: `2 Ba as 123456`, `1 Ab (any of 4 turns)`. */
export function classCubes(row) {
  return row.cubes.map((b) => (b.turns === 1 ? `${b.copies} ${b.name} as ${b.held}` : `${b.copies} ${b.name} (any of ${b.turns} turns)`)).join(', ');
}

/**
 * The positions of a class of the N x N x N cube (`UFL` a corner, `UF` an edge, `U` a face
 * centre, `inside`), in instruction order: layer 1 on top, rows from the back, columns from
 * the left (docs/extended.md).
 */
function positionsOf(name, n) {
  const letters = name === 'inside' ? '' : name;
  const inner = Array.from({ length: Math.max(0, n - 2) }, (_, i) => i + 2);
  const axis = (first, last) => (letters.includes(first) ? [1] : letters.includes(last) ? [n] : inner);
  const out = [];
  for (const layer of axis('U', 'D')) for (const row of axis('B', 'F')) for (const column of axis('L', 'R')) out.push({ layer, row, column });
  return out;
}

/** The one assembly of the report: every cube in a position of its class, held as the report says. */
function placements(out) {
  const placed = [];
  for (const c of out.classes) {
    const spots = positionsOf(c.class, out.size);
    let i = 0;
    for (const b of c.cubes) {
      for (let k = 0; k < Number(b.copies) && i < spots.length; k++) placed.push({ ...spots[i++], cls: c.class, name: b.name, faces: b.held });
    }
  }
  return placed;
}

function renderExtended(out) {
  const box = $('make-result');
  box.hidden = false;
  const n = out.size;
  const types = out.input.types;
  const viewBox = h('div', { class: 'view3d', id: 'make-view', tabindex: '0', role: 'img', 'aria-label': `3D view of the designed ${n} × ${n} × ${n} cube; drag or use the arrow keys to rotate` });
  const arrangements = out.arrangements == null ? 'More than 2^128 arrangements' : `${plural(out.arrangements, 'arrangement', 'arrangements')}`;
  const blocks = out.cubes.flatMap((c) => Array(Number(c.copies)).fill(c.name)).join(' ');
  const open = n === 2
    ? h('a', { id: 'make-open-extended', href: `#blocks?b=${encodeURIComponent(blocks)}&t=${encodeURIComponent(out.target)}` }, 'Open in the Blocks tab')
    : h('a', { id: 'make-open-extended', href: `#extended?n=${n}&b=${encodeURIComponent(blocks)}&t=${encodeURIComponent(out.target)}` }, 'Open in the Larger targets tab (layer by layer)');
  const facts = h('div', { id: 'make-facts' },
    h('div', { class: 'card-scroll', tabindex: '0' },
      h('table', { id: 'make-classes-table' },
        h('caption', {}, 'The one assembly, class by class (cubes held as U D F B L R)'),
        h('thead', {}, h('tr', {}, ['class', 'kind', 'positions', 'cubes'].map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, out.classes.map((c) => h('tr', {},
          h('td', { class: 'mono' }, c.class), h('td', {}, c.kind), h('td', {}, fmt(c.size)), h('td', { class: 'mono' }, classCubes(c))))))),
    h('p', {}, open));
  box.replaceChildren(
    h('p', { id: 'make-count' }, `One of ${plural(out.count, 'multiset', 'multisets')} of ${n ** 3} MacMahon cubes building ${out.target} as a ${n} × ${n} × ${n} cube in exactly one way up to the symmetries of its position classes${types == null ? '' : `, with exactly ${plural(types, 'different cube', 'different cubes')}`}, drawn uniformly at random (seed ${out.input.seed}).`),
    h('p', { class: 'mono', id: 'make-cubes-list' }, `cubes: ${out.cubes.map((c) => `${c.copies} ${c.name}`).join(', ')}`),
    h('div', { class: 'viewer' },
      h('div', {}, viewBox, h('div', { class: 'row' }, downloadButtons(() => viewSvg(viewBox), `design-extended-${n}`, 'the 3D view'))),
      facts),
    h('p', { id: 'make-arrangements-line' }, `${arrangements}, all this one assembly with the cubes of each class permuted and face-centre and inner cubes turned.`),
    out.by_types.length ? h('p', { id: 'make-by-types' }, `Designs by number of different cubes (any number asked): ${out.by_types.map((b) => `${b.types}: ${fmt(b.multisets)}`).join(', ')}.`) : null,
    h('p', {}, 'Command line: ', h('code', { id: 'make-command' }, commandOf(out))));
  drawExtended(out, viewBox);
}

/** The assembled N x N x N cube (as the Larger targets tab draws one), each cube in its place. */
function drawExtended(out, viewBox) {
  const n = out.size;
  const view = createView(viewBox, { rx: -22, ry: -30 });
  const s = Math.max(16, Math.floor(200 / n));
  const mid = (n - 1) / 2;
  view.fitRadius((Math.sqrt(3) * n * s) / 2);
  for (const p of placements(out)) {
    const cols = [...p.faces];
    const cube = makeCube(s, cols.map(fill), [], cols.map(ink));
    Object.assign(cube.dataset, { faces: p.faces, name: p.name, cls: p.cls, layer: p.layer, row: p.row, column: p.column });
    place(cube, (p.column - 1 - mid) * s, (mid - (p.layer - 1)) * s, (p.row - 1 - mid) * s);
    view.world.append(cube);
  }
}

function add(view, faces, x, y, z) {
  const cols = [...faces];
  const cube = makeCube(SIZE, cols.map(fill), cols, cols.map(ink));
  cube.dataset.faces = faces;
  place(cube, x, y, z);
  view.world.append(cube);
}

/** The print request for exactly the designed set, with the paper and edge chosen. */
function printRequest(what, names, format) {
  const edge = $('make-edge').value.trim();
  const body = what === 'stack' ? { cubes: names } : { blocks: names };
  return { ...body, paper: $('make-paper').value, edge: edge === '' ? null : Number(edge), format };
}

function printCommand(what, names) {
  const edge = $('make-edge').value.trim() || '40';
  return `cubelab print ${what} ${names.join(' ')} --paper ${$('make-paper').value} --edge ${edge}mm -o cubelab-${what}.pdf`;
}

function printControls(what, names) {
  const command = h('code', { id: 'make-print-command' });
  const update = () => (command.textContent = printCommand(what, names));
  const download = async (format) => {
    fieldError($('make-print-error'), null);
    try {
      const file = await postFile(`print/${what}`, printRequest(what, names, format), `cubelab-${what}.${format}`);
      save(file.blob, file.name);
    } catch (e) {
      if (!(e instanceof Cancelled)) fieldError($('make-print-error'), e.message);
    }
  };
  const card = h('div', { class: 'print-card', id: 'make-print' },
    h('h3', {}, 'Print it'),
    h('p', { class: 'hint' }, 'One net per ' + (what === 'stack' ? 'cube' : 'block') + ' at true scale (print at 100%), glue tabs, a key of the colors with a pattern each, and how to assemble it on the last page.'),
    h('div', { class: 'row' },
      h('label', { for: 'make-paper' }, 'Paper'),
      h('select', { id: 'make-paper' }, h('option', { value: 'a4' }, 'A4'), h('option', { value: 'letter' }, 'Letter')),
      h('label', { for: 'make-edge' }, 'Edge (mm)'),
      h('input', { id: 'make-edge', type: 'number', min: 10, step: 'any', value: 40, class: 'num' }),
      h('button', { type: 'button', id: 'make-dl-svg', onclick: () => download('svg') }, 'Download SVG'),
      h('button', { type: 'button', id: 'make-dl-pdf', onclick: () => download('pdf') }, 'Download PDF')),
    h('p', { class: 'error', id: 'make-print-error', role: 'alert', hidden: true }),
    h('p', {}, 'Command line: ', command));
  card.querySelector('#make-paper').onchange = update;
  card.querySelector('#make-edge').oninput = update;
  queueMicrotask(update);
  return card;
}

// --- the picture cube maker -------------------------------------------------------------------
const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];
const PICTURE_BODY_LIMIT = 48 * 1024 * 1024;
const picInput = (letter) => `make-pic-${letter.toLowerCase()}`;
const PIC_FIELD_INPUT = { rows: 'make-pic-rows', cols: 'make-pic-cols', edge: 'make-pic-edge', paper: 'make-pic-paper' };

/**
 * Shows an error line of the picture maker, marking the input it names: a picture
 * (`images: picture C 'c.gif' is not a PNG or JPEG file`, `'images': picture C is not
 * base64: …`) or a field (`rows 7: …`, `edge 5mm: …`).
 */
function pictureError(message) {
  const el = $('make-pic-error');
  for (const id of [...LETTERS.map(picInput), ...Object.values(PIC_FIELD_INPUT)]) $(id).removeAttribute('aria-invalid');
  delete el.dataset.for;
  if (message != null) {
    const picture = /^'?images'?: picture ([A-F])\b/.exec(message);
    const named = /^'?([a-z_]+)'?[ :]/.exec(message);
    if (picture) el.dataset.for = picInput(picture[1]);
    else if (named && PIC_FIELD_INPUT[named[1]]) el.dataset.for = PIC_FIELD_INPUT[named[1]];
  }
  showError(el, message);
}

/** The file's bytes, base64-encoded (read with a FileReader as a data: URL). */
function base64Of(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new ApiError(`cannot read '${file.name}': ${reader.error?.message ?? 'unreadable'}`));
    reader.readAsDataURL(file);
  });
}

const chosen = () => LETTERS.map((l) => $(picInput(l)).files?.[0] ?? null);

function pictureCommand() {
  const names = chosen().map((f, i) => quote(f?.name ?? `${LETTERS[i].toLowerCase()}.jpg`));
  const edge = $('make-pic-edge').value.trim() || '40';
  return `cubelab print picture --images ${names.join(' ')} --rows ${$('make-pic-rows').value.trim()} --cols ${$('make-pic-cols').value.trim()} --paper ${$('make-pic-paper').value} --edge ${edge}mm -o cubelab-picture.pdf`;
}

/** The request of `print picture`: the six pictures as base64, their names, the board and the sheet. */
async function pictureRequest(format) {
  const files = chosen();
  const missing = files.findIndex((f) => f == null);
  if (missing >= 0) {
    throw new ApiError(`images: picture ${LETTERS[missing]}: choose a PNG or JPEG file`);
  }
  // The body's limit (serve::PICTURE_BODY_LIMIT, 48 MiB) holds the pictures as base64, a third larger.
  const size = files.reduce((n, f) => n + Math.ceil(f.size / 3) * 4, 0);
  if (size > PICTURE_BODY_LIMIT - 64 * 1024) {
    throw new ApiError(`images: the six pictures take ${(size / 1048576).toFixed(1)} MiB as sent; at most ${PICTURE_BODY_LIMIT / 1048576} MiB are taken (send smaller pictures)`);
  }
  const edge = $('make-pic-edge').value.trim();
  return {
    images: await Promise.all(files.map(base64Of)),
    names: files.map((f) => f.name),
    rows: whole('make-pic-rows'),
    cols: whole('make-pic-cols'),
    paper: $('make-pic-paper').value,
    edge: edge === '' ? null : Number(edge),
    format,
  };
}

let picturing = null;

async function downloadPicture(format) {
  pictureError(null);
  picturing?.abort();
  const controller = new AbortController();
  picturing = controller;
  const status = $('make-pic-status');
  status.replaceChildren(h('span', { class: 'spinner', 'aria-hidden': 'true' }), 'Cutting the pictures…');
  status.hidden = false;
  try {
    const body = await pictureRequest(format);
    const file = await postFile('print/picture', body, `cubelab-picture.${format}`, controller.signal);
    if (picturing === controller) save(file.blob, file.name);
  } catch (e) {
    if (!(e instanceof Cancelled) && picturing === controller) pictureError(e.message);
  } finally {
    if (picturing === controller) {
      picturing = null;
      status.hidden = true;
      status.replaceChildren();
    }
  }
}

function pictureCard() {
  const num = { type: 'number', inputmode: 'numeric', min: 1, max: 6, step: 1, value: 2, class: 'num' };
  const command = h('code', { id: 'make-pic-command' });
  const card = h('section', { class: 'print-card', id: 'make-picture', 'aria-labelledby': 'make-pic-title' },
    h('h3', { id: 'make-pic-title' }, 'Picture cube'),
    h('p', { class: 'hint' }, 'Six pictures of your own (PNG or JPEG), one per face, cut into tiles on the nets of a board of cubes: folded, the cubes make a picture cube puzzle, and turning every row or column shows each picture whole in turn. Each picture is cropped in the middle to the board\'s shape; how to fold and play it is on the last page.'),
    h('div', { class: 'pic-files' }, LETTERS.map((l) =>
      h('span', { class: 'field' },
        h('label', { for: picInput(l) }, `Picture ${l}`),
        h('input', { id: picInput(l), type: 'file', accept: 'image/png,image/jpeg' })))),
    h('div', { class: 'row' },
      h('span', { class: 'field' }, h('label', { for: 'make-pic-rows' }, 'Rows'), h('input', { id: 'make-pic-rows', ...num })),
      h('span', { class: 'field' }, h('label', { for: 'make-pic-cols' }, 'Columns'), h('input', { id: 'make-pic-cols', ...num })),
      h('span', { class: 'field' }, h('label', { for: 'make-pic-paper' }, 'Paper'),
        h('select', { id: 'make-pic-paper' }, h('option', { value: 'a4' }, 'A4'), h('option', { value: 'letter' }, 'Letter'))),
      h('span', { class: 'field' }, h('label', { for: 'make-pic-edge' }, 'Edge (mm)'),
        h('input', { id: 'make-pic-edge', type: 'number', min: 10, step: 'any', value: 40, class: 'num' }))),
    h('div', { class: 'row' },
      h('button', { type: 'button', id: 'make-pic-dl-svg', onclick: () => downloadPicture('svg') }, 'Download SVG'),
      h('button', { type: 'button', id: 'make-pic-dl-pdf', onclick: () => downloadPicture('pdf') }, 'Download PDF')),
    h('p', { class: 'status', id: 'make-pic-status', 'aria-live': 'polite', hidden: true }),
    h('p', { class: 'error', id: 'make-pic-error', role: 'alert', hidden: true }),
    h('p', {}, 'Command line: ', command));
  const update = () => (command.textContent = pictureCommand());
  for (const el of card.querySelectorAll('input, select')) el.addEventListener(el.tagName === 'SELECT' || el.type === 'file' ? 'change' : 'input', update);
  queueMicrotask(update);
  return card;
}
