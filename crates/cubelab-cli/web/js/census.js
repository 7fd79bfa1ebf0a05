// Census page: the stored census results (GET /api/census for the list, GET
// /api/census/<name> for one), drawn as tables and SVG bar charts, each with the command
// that reproduces it. Nothing is recomputed here.
import { get, showError, fmt, h, s } from './api.js';

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

function quote(x) {
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

function render(entry, data) {
  const out = [h('h3', {}, entry.title ?? entry.name), h('p', {}, 'Reproduce: ', h('code', { class: 'command' }, entry.command ?? data.command ?? commandOf(data)))];
  out.push(...renderObject(data, ''));
  return out;
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
    if (isHistogram(v)) out.push(h('h4', {}, label), barChart(v, label), histogramTable(v));
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
    return [h('ul', {}, text.map((t) => h('li', { class: 'mono' }, t))), rows.length > 20 ? h('p', {}, `(${rows.length - 20} more in the JSON)`) : null].filter(Boolean);
  }
  const out = [h('table', {}, h('thead', {}, h('tr', {}, cols.map((c) => h('th', {}, c.replace(/_/g, ' '))))),
    h('tbody', {}, rows.slice(0, 200).map((r) => h('tr', {}, cols.map((c) => h('td', { class: 'num' }, show(r[c])))))))];
  if (rows.length > 200) out.push(h('p', {}, `(${rows.length - 200} more rows in the JSON)`));
  for (const r of rows.slice(0, 40)) {
    for (const [k, v] of Object.entries(r)) {
      if (!isHistogram(v)) continue;
      const name = cols.length ? `${label} ${cols[0].replace(/_/g, ' ')} ${show(r[cols[0]])}: ${k.replace(/_/g, ' ')}` : k;
      out.push(h('details', {}, h('summary', {}, name), barChart(v, name)));
    }
  }
  return out;
}

function histogramTable(hist) {
  return h('details', {}, h('summary', {}, 'as a table'),
    h('table', {}, h('thead', {}, h('tr', {}, h('th', { class: 'num' }, 'value'), h('th', { class: 'num' }, 'count'))),
      h('tbody', {}, hist.map((e) => h('tr', {}, h('td', { class: 'num' }, show(e.value)), h('td', { class: 'num' }, show(e.count)))))));
}

/** Round tick step for a maximum. */
function tickStep(max) {
  const raw = max / 5;
  const p = 10 ** Math.floor(Math.log10(raw || 1));
  return [1, 2, 5, 10].map((m) => m * p).find((x) => x >= raw) ?? p * 10;
}

/** An SVG bar chart of a {value, count} histogram: one bar per value present. */
export function barChart(hist, label) {
  const W = 680;
  const H = 240;
  const left = 70;
  const bottom = 40;
  const top = 12;
  const counts = hist.map((e) => Number(e.count));
  const max = Math.max(...counts, 1);
  const step = tickStep(max);
  const ymax = Math.ceil(max / step) * step;
  const plotW = W - left - 10;
  const bw = plotW / hist.length;
  const y = (c) => top + (H - top - bottom) * (1 - c / ymax);
  const svg = s('svg', { width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: 'img', class: 'bar-chart', 'aria-label': `bar chart: ${label}` });
  for (let t = 0; t <= ymax; t += step) {
    svg.append(s('line', { x1: left, x2: W - 10, y1: y(t), y2: y(t), stroke: '#e0e0e0' }));
    svg.append(s('text', { x: left - 6, y: y(t) + 4, 'text-anchor': 'end', 'font-size': 11 }, t.toLocaleString('en-US')));
  }
  const every = Math.ceil(hist.length / 24);
  hist.forEach((e, i) => {
    const x = left + i * bw;
    const c = Number(e.count);
    svg.append(s('rect', { x: x + bw * 0.1, y: y(c), width: Math.max(1, bw * 0.8), height: y(0) - y(c), fill: '#1f77b4', class: 'bar' }, s('title', {}, `${show(e.value)}: ${show(e.count)}`)));
    if (i % every === 0) svg.append(s('text', { x: x + bw / 2, y: H - bottom + 15, 'text-anchor': 'middle', 'font-size': 11 }, show(e.value)));
  });
  svg.append(s('line', { x1: left, x2: W - 10, y1: y(0), y2: y(0), stroke: '#333' }));
  svg.append(s('line', { x1: left, x2: left, y1: top, y2: y(0), stroke: '#333' }));
  svg.append(s('text', { x: left + plotW / 2, y: H - 6, 'text-anchor': 'middle', 'font-size': 12 }, 'value'));
  svg.append(s('text', { x: 14, y: top + (H - top - bottom) / 2, 'text-anchor': 'middle', 'font-size': 12, transform: `rotate(-90 14 ${top + (H - top - bottom) / 2})` }, 'count'));
  return svg;
}
