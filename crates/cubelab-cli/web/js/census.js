// Census page: the stored census results (GET /api/census for the list, GET
// /api/census/<name> for one), drawn as tables and SVG bar charts, each with the command
// that reproduces it. Nothing is recomputed here.
import { get, showError, fmt, plural, h, s } from './api.js';
import { downloadButtons, svgText } from './download.js';

const $ = (id) => document.getElementById(id);
const SKIP = new Set(['kind', 'format_version', 'input', 'checksum']);

/** The names in the index, whatever its shape: ["a", ...], [{name}, ...] or {census: [...]}. */
function namesOf(index) {
  const list = Array.isArray(index) ? index : Object.values(index).find(Array.isArray) ?? [];
  return list.map((e) => (typeof e === 'string' ? { name: e } : e)).filter((e) => e && e.name);
}

export async function init() {
  showError($('census-error'), null);
  let names;
  try {
    names = namesOf(await get('census'));
  } catch (e) {
    showError($('census-error'), e.message);
    return;
  }
  const box = $('census-list');
  const toc = h('ul', { id: 'census-toc' });
  box.replaceChildren(toc);
  for (const entry of names) {
    const card = h('section', { class: 'census-item', id: `census-${entry.name}`, 'data-name': entry.name }, h('h3', {}, entry.title ?? entry.name), h('p', {}, 'loading…'));
    box.append(card);
    toc.append(h('li', {}, h('a', { href: `#census`, onclick: (ev) => { ev.preventDefault(); card.scrollIntoView(); } }, entry.title ?? entry.name)));
    get(`census/${encodeURIComponent(entry.name)}`)
      .then((data) => card.replaceChildren(...render(entry, data)))
      .catch((e) => card.replaceChildren(h('h3', {}, entry.name), h('p', { class: 'error' }, e.message)));
  }
}

/** The command line that prints `data` (its kind and input; docs/json.md). */
export function commandOf(data) {
  const kind = data.kind.replace(/-(all|search)$/, '');
  const [top, ...rest] = kind.split('-');
  const words = top === 'census' ? ['census', rest.join('-')] : [top, rest.join('-')];
  const input = data.input ?? {};
  const args = [];
  for (const [k, v] of Object.entries(input)) {
    if (v == null || v === false) continue;
    if (top === 'picture' && (k === 'm' || k === 'n')) continue;
    const flag = `--${k.replace(/_/g, '-')}`;
    if (v === true) args.push(flag);
    else for (const x of Array.isArray(v) ? v : [v]) args.push(flag, quote(String(x)));
  }
  const positional = top === 'picture' ? [input.m, input.n].filter((x) => x != null) : [];
  return ['cubelab', ...words, ...positional, ...args, '--json'].join(' ');
}

/** A word for a shell command line: as it is when plain, else in single quotes. */
export function quote(x) {
  return /^[\w.,:/+-]+$/.test(x) ? x : `'${x.replace(/'/g, "'\\''")}'`;
}

const isHistogram = (v) => Array.isArray(v) && v.length > 0 && v.every((e) => e && typeof e === 'object' && 'value' in e && 'count' in e);
const isScalar = (v) => v == null || ['string', 'number', 'bigint', 'boolean'].includes(typeof v);

function show(v) {
  if (v == null) return '—';
  if (typeof v === 'number') return Number.isInteger(v) ? fmt(v) : String(v);
  if (typeof v === 'bigint') return fmt(v);
  return String(v);
}

/**
 * What a histogram counts, by the census kind (docs/census.md): the chart's title and its
 * axes, in words.
 */
export function axesOf(data, key, row) {
  const kind = data.kind;
  if (kind === 'census-solution-numbers') return { title: `Sets of 8 distinct blocks by their number of arrangements of ${data.target}`, x: `arrangements of ${data.target} (solution number)`, y: 'sets of 8 blocks' };
  if (kind === 'census-targets') return { title: `Sets of ${data.size} distinct blocks by the number of targets they build`, x: 'targets built', y: `sets of ${data.size} blocks` };
  if (kind === 'census-multisets') return { title: 'Multisets of 8 blocks (repeats allowed) by the number of targets they build', x: 'targets built', y: 'multisets' };
  if (kind === 'census-targets-all' && row) {
    const blocks = plural(row.size, 'block', 'blocks');
    return { title: `Sets of ${blocks} by the number of targets they build`, x: 'targets built', y: `sets of ${blocks}` };
  }
  if (kind === 'stack-census') return { title: `${data.multisets ? 'Multisets' : 'Sets'} of ${data.colors} cubes over ${data.colors} colors by their number of stack solutions`, x: 'solutions', y: data.multisets ? 'multisets' : 'sets of cubes' };
  if (kind === 'picture-census') return { title: `Boards of the ${data.rows}x${data.cols} picture cube by distance from solved`, x: `distance (${data.metric}-turn moves)`, y: 'boards' };
  return { title: key.replace(/_/g, ' '), x: 'value', y: 'count' };
}

let current = null; // the census being drawn: {entry, data}

function render(entry, data) {
  current = { entry, data };
  const out = [h('h3', {}, entry.title ?? entry.name), h('p', {}, 'Reproduce: ', h('code', { class: 'command' }, entry.command ?? data.command ?? commandOf(data))),
    h('p', {}, h('a', { href: `api/census/${encodeURIComponent(entry.name)}`, class: 'data-link', download: `${entry.name}.json` }, `The full data (${entry.name}.json)`))];
  out.push(...renderObject(data, ''));
  return out;
}

/** A chart with its title, axes and download buttons. */
function chartBlock(hist, key, row) {
  const axes = axesOf(current.data, key, row);
  // as wide as the screen allows, up to 680 px: text stays at its size on a phone rather
  // than shrinking with a scaled-down drawing
  const svg = barChart(hist, axes, Math.round(Math.min(680, Math.max(300, window.innerWidth - 40))));
  const slug = `${current.entry.name}-${key}${row && row.size != null ? `-${row.size}` : ''}`;
  return h('figure', { class: 'chart' }, svg, h('figcaption', { class: 'row' }, downloadButtons(() => svgText(svg), slug, `the chart ${axes.title}`)));
}

function renderObject(obj, prefix) {
  const out = [];
  const scalars = Object.entries(obj).filter(([k, v]) => !SKIP.has(k) && isScalar(v) && v !== null);
  if (scalars.length) {
    out.push(h('table', { class: 'census-fields' }, h('tbody', {}, scalars.map(([k, v]) => h('tr', {}, h('th', {}, k.replace(/_/g, ' ')), h('td', { class: 'num' }, show(v)))))));
  }
  for (const [k, v] of Object.entries(obj)) {
    if (SKIP.has(k) || isScalar(v)) continue;
    const label = `${prefix}${k.replace(/_/g, ' ')}`;
    if (isHistogram(v)) out.push(h('h4', {}, axesOf(current.data, k).title), chartBlock(v, k), histogramTable(v));
    else if (Array.isArray(v) && v.length && v.every((e) => e && typeof e === 'object')) out.push(h('h4', {}, label), ...renderRows(v, label));
    else if (Array.isArray(v)) out.push(h('p', {}, `${label}: ${v.map(show).join(', ') || 'none'}`));
    else if (typeof v === 'object') out.push(h('h4', {}, label), ...renderObject(v, `${label}: `));
  }
  return out;
}

/** An array of objects: one table row per entry, and a chart of each entry's histograms. */
function renderRows(rows, label) {
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r).filter((k) => isScalar(r[k]))))];
  if (cols.length === 0) {
    const text = rows.slice(0, 20).map((r) => Object.entries(r).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(' ') : JSON.stringify(v)}`).join('; '));
    return [h('ul', {}, text.map((t) => h('li', { class: 'mono' }, t))), rows.length > 20 ? more(rows.length - 20) : null].filter(Boolean);
  }
  const out = [h('table', {}, h('thead', {}, h('tr', {}, cols.map((c) => h('th', {}, c.replace(/_/g, ' '))))),
    h('tbody', {}, rows.slice(0, 200).map((r) => h('tr', {}, cols.map((c) => h('td', { class: 'num' }, show(r[c])))))))];
  if (rows.length > 200) out.push(more(rows.length - 200));
  for (const r of rows.slice(0, 40)) {
    for (const [k, v] of Object.entries(r)) {
      if (!isHistogram(v)) continue;
      out.push(h('details', {}, h('summary', {}, axesOf(current.data, k, r).title), chartBlock(v, k, r)));
    }
  }
  return out;
}

/** "(340 more in the full data)", a link to the stored JSON. */
function more(n) {
  const name = current.entry.name;
  return h('p', {}, `(${fmt(n)} more in `, h('a', { href: `api/census/${encodeURIComponent(name)}`, download: `${name}.json` }, `the full data, ${name}.json`), ')');
}

function histogramTable(hist) {
  return h('details', {}, h('summary', {}, 'as a table'),
    h('table', {}, h('thead', {}, h('tr', {}, h('th', { class: 'num' }, 'value'), h('th', { class: 'num' }, 'count'))),
      h('tbody', {}, hist.map((e) => h('tr', {}, h('td', { class: 'num' }, show(e.value)), h('td', { class: 'num' }, show(e.count)))))));
}

/** Round tick step for a maximum count (at least 1). */
function tickStep(max) {
  // counts are whole numbers: never a tick between two of them
  const raw = Math.max(1, max / 5);
  const p = 10 ** Math.floor(Math.log10(raw || 1));
  return [1, 2, 5, 10].map((m) => m * p).find((x) => x >= raw) ?? p * 10;
}

/** An SVG bar chart of a {value, count} histogram: one bar per value present; `axes`
 * gives its title and the names of its axes. */
export function barChart(hist, axes, W = 680) {
  const label = axes.title;
  // the title in lines that fit the width (about 7.7 px a character at 14 px)
  const perLine = Math.floor((W - 20) / 7.7);
  const titleLines = [];
  for (const word of label.split(' ')) {
    const last = titleLines.length - 1;
    if (last >= 0 && (titleLines[last] + ' ' + word).length <= perLine) titleLines[last] += ` ${word}`;
    else titleLines.push(word);
  }
  const H = 270 + 17 * (titleLines.length - 1);
  const left = 84;
  const bottom = 44;
  const top = 34 + 17 * (titleLines.length - 1);
  const counts = hist.map((e) => Number(e.count));
  const max = Math.max(...counts, 1);
  const step = tickStep(max);
  const ymax = Math.ceil(max / step) * step;
  const plotW = W - left - 10;
  const bw = plotW / hist.length;
  const y = (c) => top + (H - top - bottom) * (1 - c / ymax);
  const svg = s('svg', { width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: 'img', class: 'bar-chart', 'aria-label': `bar chart: ${label}; x: ${axes.x}, y: ${axes.y}` });
  svg.append(s('text', { x: W / 2, y: 18, 'text-anchor': 'middle', 'font-size': 14, 'font-weight': 600, fill: '#1a1a1a', class: 'chart-title' },
    // (a space ends each line but the last, so that the title reads whole as text)
    ...titleLines.map((line, i) => s('tspan', { x: W / 2, dy: i === 0 ? 0 : 17 }, i < titleLines.length - 1 ? `${line} ` : line))));
  for (let t = 0; t <= ymax; t += step) {
    svg.append(s('line', { x1: left, x2: W - 10, y1: y(t), y2: y(t), stroke: '#e0e0e0' }));
    svg.append(s('text', { x: left - 6, y: y(t) + 4, 'text-anchor': 'end', 'font-size': 11 }, t.toLocaleString('en-US')));
  }
  // value labels at least about 28 px apart
  const every = Math.ceil(hist.length / Math.max(1, Math.floor(plotW / 28)));
  hist.forEach((e, i) => {
    const x = left + i * bw;
    const c = Number(e.count);
    svg.append(s('rect', { x: x + bw * 0.1, y: y(c), width: Math.max(1, bw * 0.8), height: y(0) - y(c), fill: '#1f77b4', class: 'bar' }, s('title', {}, `${show(e.value)}: ${show(e.count)}`)));
    if (i % every === 0) svg.append(s('text', { x: x + bw / 2, y: H - bottom + 15, 'text-anchor': 'middle', 'font-size': 11 }, show(e.value)));
  });
  svg.append(s('line', { x1: left, x2: W - 10, y1: y(0), y2: y(0), stroke: '#333' }));
  svg.append(s('line', { x1: left, x2: left, y1: top, y2: y(0), stroke: '#333' }));
  svg.append(s('text', { x: left + plotW / 2, y: H - 6, 'text-anchor': 'middle', 'font-size': 12, class: 'axis-x' }, axes.x));
  svg.append(s('text', { x: 14, y: top + (H - top - bottom) / 2, 'text-anchor': 'middle', 'font-size': 12, class: 'axis-y', transform: `rotate(-90 14 ${top + (H - top - bottom) / 2})` }, axes.y));
  return svg;
}
