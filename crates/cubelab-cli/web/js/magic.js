// Magic cubes page: the four classes of order 3 (POST /api/magic/enumerate with classes)
// layer by layer with a chosen line highlighted, and any pasted cube checked
// (POST /api/magic/check) with its failing lines shown. Cell order of docs/magic.md:
// layers top to bottom, rows back to front, cells left to right.
import { post, showError, h, Task } from './api.js';
import { read, write } from './state.js';

const $ = (id) => document.getElementById(id);

/** Every row, column, pillar, triagonal and plane diagonal of an order-n cube (0-based cells). */
export function linesOf(n) {
  const t = [...Array(n).keys()];
  const lines = [];
  for (let l = 0; l < n; l++) for (let r = 0; r < n; r++) lines.push({ kind: 'row', name: `row (layer ${l + 1}, row ${r + 1})`, cells: t.map((c) => [l, r, c]) });
  for (let l = 0; l < n; l++) for (let c = 0; c < n; c++) lines.push({ kind: 'column', name: `column (layer ${l + 1}, cell ${c + 1})`, cells: t.map((r) => [l, r, c]) });
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) lines.push({ kind: 'pillar', name: `pillar (row ${r + 1}, cell ${c + 1})`, cells: t.map((l) => [l, r, c]) });
  const e = n - 1;
  lines.push({ kind: 'triagonal', name: 'triagonal from top-back-left', cells: t.map((i) => [i, i, i]) });
  lines.push({ kind: 'triagonal', name: 'triagonal from top-back-right', cells: t.map((i) => [i, i, e - i]) });
  lines.push({ kind: 'triagonal', name: 'triagonal from top-front-left', cells: t.map((i) => [i, e - i, i]) });
  lines.push({ kind: 'triagonal', name: 'triagonal from top-front-right', cells: t.map((i) => [i, e - i, e - i]) });
  for (let l = 0; l < n; l++) {
    lines.push({ kind: 'plane-diagonal', name: `diagonal of layer ${l + 1} (back-left to front-right)`, cells: t.map((i) => [l, i, i]) });
    lines.push({ kind: 'plane-diagonal', name: `diagonal of layer ${l + 1} (back-right to front-left)`, cells: t.map((i) => [l, i, e - i]) });
  }
  for (let r = 0; r < n; r++) {
    lines.push({ kind: 'plane-diagonal', name: `diagonal of row plane ${r + 1} (top-left to bottom-right)`, cells: t.map((i) => [i, r, i]) });
    lines.push({ kind: 'plane-diagonal', name: `diagonal of row plane ${r + 1} (top-right to bottom-left)`, cells: t.map((i) => [i, r, e - i]) });
  }
  for (let c = 0; c < n; c++) {
    lines.push({ kind: 'plane-diagonal', name: `diagonal of cell plane ${c + 1} (top-back to bottom-front)`, cells: t.map((i) => [i, i, c]) });
    lines.push({ kind: 'plane-diagonal', name: `diagonal of cell plane ${c + 1} (top-front to bottom-back)`, cells: t.map((i) => [i, e - i, c]) });
  }
  return lines;
}

/** Draws the layers of `cube` ([layers][rows][cells]) into `box`, highlighting `cells` (0-based). */
function drawLayers(box, cube, cells = [], bad = false, square = false) {
  const hl = new Set(cells.map((c) => c.join(',')));
  const n = cube.length;
  box.replaceChildren(...cube.map((layer, l) =>
    h('div', { class: 'layer' },
      h('div', {}, square ? 'the square' : `layer ${l + 1}${l === 0 ? ' (top)' : l === n - 1 ? ' (bottom)' : ''}`),
      h('table', { 'aria-label': `layer ${l + 1}` }, h('tbody', {}, layer.map((row, r) =>
        h('tr', {}, row.map((v, c) => h('td', { class: hl.has(`${l},${r},${c}`) ? (bad ? 'hl bad' : 'hl') : null, 'data-cell': `${l + 1},${r + 1},${c + 1}` }, String(v))))))))));
}

function nest(flat, n) {
  return Array.from({ length: n }, (_, l) => Array.from({ length: n }, (_, r) => flat.slice((l * n + r) * n, (l * n + r + 1) * n)));
}

let classes = [];
let chosen = 0;

let checkedFor = null;
const task = new Task({ results: () => [$('magic-result')], status: 'magic-status' });

/** The class and line shown, and the text checked. */
export function urlState() {
  return { k: chosen + 1, l: $('magic-line').value, c: checkedFor };
}

function save() {
  if (read().page === 'magic') write('magic', urlState());
}

export async function init(params = new URLSearchParams()) {
  $('magic-check').onclick = check;
  $('magic-paste').addEventListener('input', () => {
    if (checkedFor != null && !task.busy()) task.stale($('magic-paste').value !== checkedFor);
  });
  $('magic-line').onchange = drawClass;
  $('magic-paste').value = '# not magic: 1..27 in order\n1 2 3\n4 5 6\n7 8 9\n\n10 11 12\n13 14 15\n16 17 18\n\n19 20 21\n22 23 24\n25 26 27\n';
  try {
    const out = await post('magic/enumerate', { order: 3, start: 1, step: 1, property: 'semi-perfect', origin_pinned: false, classes: true });
    classes = out.classes.map((c) => ({ cube: nest(c.representative, 3), size: c.size }));
  } catch (e) {
    $('magic-layers').replaceChildren(h('p', { class: 'error' }, e.message));
    return;
  }
  const lines = linesOf(3);
  $('magic-line').replaceChildren(...lines.map((ln, i) => h('option', { value: i }, ln.name)));
  $('magic-classes').replaceChildren(h('span', {}, 'Class:'), ...classes.map((c, i) =>
    h('button', { type: 'button', role: 'radio', 'aria-checked': String(i === 0), onclick: () => {
      chosen = i;
      [...$('magic-classes').querySelectorAll('button')].forEach((b, k) => b.setAttribute('aria-checked', String(k === i)));
      drawClass();
    } }, `class ${i + 1} (${c.size} cubes)`)));
  $('magic-line').value = String(lines.length - 4 - 18); // the first triagonal
  const k = Number(params.get('k'));
  if (k >= 1 && k <= classes.length) {
    chosen = k - 1;
    [...$('magic-classes').querySelectorAll('button')].forEach((b, i) => b.setAttribute('aria-checked', String(i === chosen)));
  }
  const l = Number(params.get('l'));
  if (params.has('l') && l >= 0 && l < lines.length) $('magic-line').value = String(l);
  drawClass();
  if (params.has('c')) {
    $('magic-paste').value = params.get('c');
    await check();
  }
  save();
}

function drawClass() {
  save();
  const { cube } = classes[chosen];
  const line = linesOf(3)[Number($('magic-line').value)];
  const sum = line.cells.reduce((a, [l, r, c]) => a + cube[l][r][c], 0);
  drawLayers($('magic-layers'), cube, line.cells, sum !== 42);
  $('magic-line-sum').textContent = `${line.name}: ${line.cells.map(([l, r, c]) => cube[l][r][c]).join(' + ')} = ${sum}${sum === 42 ? ' (the magic sum)' : ' (not 42)'}`;
}

/**
 * Numbers of pasted text as layers of rows (for drawing; the server does the checking),
 * read as the library reads them (cubelab::magic::data_lines): comment lines dropped, a
 * '/' ending a row as a line break does.
 */
function parsePasted(text) {
  const layers = [];
  let layer = [];
  const lines = text.split('\n').filter((l) => !l.trimStart().startsWith('#')).flatMap((l) => l.split('/'));
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '') {
      if (layer.length) layers.push(layer);
      layer = [];
      continue;
    }
    layer.push(line.split(/[\s,]+/).map(Number));
  }
  if (layer.length) layers.push(layer);
  return layers;
}

/** The verdict on a checked square or cube, in words: what it is, then every property. */
export function verdict(out) {
  const square = out.kind === 'magic-square-check';
  const what = square ? 'square' : 'cube';
  const props = square ? ['semi', 'normal', 'pandiagonal', 'associative'] : ['semi_perfect', 'diagonal', 'pantriagonal', 'perfect'];
  const word = (p) => (p === 'semi' ? 'semi-magic' : p.replace('_', '-'));
  const holds = props.filter((p) => out[p]);
  const fails = props.filter((p) => !out[p]);
  const list = (ps) => (ps.length <= 1 ? ps.join('') : `${ps.slice(0, -1).join(', ')} and ${ps[ps.length - 1]}`);
  if (!holds.length) {
    return { ok: false, text: `Not a magic ${what}: ${out.failing_lines.length} line${out.failing_lines.length === 1 ? '' : 's'} do not sum to ${out.magic_sum} (order ${out.order}).` };
  }
  return {
    ok: true,
    text: `A magic ${what} of order ${out.order} (magic sum ${out.magic_sum}): ${list(holds.map(word))}${fails.length ? `; not ${list(fails.map(word))}` : ''}.`,
  };
}

async function check() {
  showError($('magic-error'), null);
  const text = $('magic-paste').value;
  const box = $('magic-result');
  let out;
  try {
    out = await task.run((signal) => post('magic/check', { file: '-', stdin: text }, signal));
  } catch (e) {
    checkedFor = null;
    showError($('magic-error'), e.message);
    return;
  }
  if (!out) return;
  checkedFor = text;
  save();
  box.replaceChildren();
  box.hidden = false;
  const square = out.kind === 'magic-square-check';
  // a square is drawn as one layer; its cells [row, cell] become [1, row, cell]
  const cube = square ? [parsePasted(text).flat()] : parsePasted(text);
  const cellsOf = (ln) => ln.cells.map((c) => (square ? [0, c[0] - 1, c[1] - 1] : c.map((x) => x - 1)));
  const v = verdict(out);
  const props = square ? ['semi', 'normal', 'pandiagonal', 'associative'] : ['semi_perfect', 'diagonal', 'pantriagonal', 'perfect'];
  const layersBox = h('div', { class: 'layers', id: 'magic-check-layers', tabindex: '0', role: 'group', 'aria-label': square ? 'the square' : 'the cube, layer by layer' });
  const lineText = h('p', { id: 'magic-check-line' });
  const select = (ln) => {
    drawLayers(layersBox, cube, cellsOf(ln), true, square);
    lineText.textContent = `${ln.line} sums to ${ln.sum}, not ${out.magic_sum}`;
    for (const b of box.querySelectorAll('.lines button')) b.classList.toggle('current', b.dataset.line === ln.line);
  };
  const byKind = new Map();
  for (const ln of out.failing_lines) {
    if (!byKind.has(ln.kind)) byKind.set(ln.kind, []);
    byKind.get(ln.kind).push(ln);
  }
  box.append(
    h('p', { class: v.ok ? 'ok' : 'error', id: 'magic-verdict' }, v.text),
    h('p', { id: 'magic-props' }, `Properties: ${props.map((p) => `${p === 'semi' ? 'semi-magic' : p.replace('_', '-')} ${out[p] ? 'yes' : 'no'}`).join(', ')}.`),
    lineText,
    layersBox,
    out.failing_lines.length ? h('p', {}, v.ok ? 'Lines that a stronger kind needs and that do not sum right:' : 'Lines that do not sum right:') : null,
    h('div', { class: 'lines', role: 'list', 'aria-label': 'failing lines' }, [...byKind].map(([kind, lines]) =>
      h('div', { role: 'listitem' }, h('strong', {}, `${lines.length} ${kind}${lines.length === 1 ? '' : 's'}: `),
        lines.map((ln) => h('button', { type: 'button', 'data-line': ln.line, onclick: () => select(ln) }, `${ln.line} = ${ln.sum}`))))),
  );
  if (out.failing_lines.length) select(out.failing_lines[0]);
  else drawLayers(layersBox, cube, [], false, square);
}
