// Colors as the CLI's SVG drawings paint them (crates/cubelab-cli/src/svg.rs,
// docs/conventions.md): Kahan's letters w y b g p r and MacMahon's digits 1-6 identified
// with them (1 white ... 6 red), o orange, k black, 0 grey, other palette entries spread hues.

const PALETTE = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const KAHAN = [
  ['w', 'white', '#ffffff'],
  ['y', 'yellow', '#ffdd33'],
  ['b', 'blue', '#1f77b4'],
  ['g', 'green', '#2ca02c'],
  ['p', 'purple', '#9467bd'],
  ['r', 'red', '#d62728'],
];

function kahan(ch) {
  const i = KAHAN.findIndex((k, idx) => k[0] === ch || String(idx + 1) === ch);
  return i < 0 ? null : KAHAN[i];
}

/** CSS fill of a palette color. */
export function fill(ch) {
  if (ch === 'o') return '#ff7f0e';
  if (ch === 'k') return '#333333';
  if (ch === '0') return '#bbbbbb';
  const k = kahan(ch);
  if (k) return k[2];
  return `hsl(${(PALETTE.indexOf(ch) * 137) % 360}, 65%, 60%)`;
}

/** Readable text color on `fill(ch)`. */
export function ink(ch) {
  return '3456bgprk'.includes(ch) ? '#ffffff' : '#000000';
}

/** The color's name in legends, or null. */
export function colorName(ch) {
  if (ch === 'o') return 'orange';
  if (ch === 'k') return 'black';
  if (ch === '0') return 'grey';
  const k = kahan(ch);
  return k ? k[1] : null;
}

/** "1 = w, white" as the CLI's legends write it. */
export function legendText(ch) {
  const k = kahan(ch);
  if (k && k[0] !== ch) return `${ch} = ${k[0]}, ${k[1]}`;
  const name = colorName(ch);
  return name ? `${ch}, ${name}` : ch;
}

/** The picture cube's face colors (original faces; docs/picture.md). */
export const PICTURE_FILL = { U: '#ffffff', D: '#ffdd33', F: '#2ca02c', B: '#1f77b4', L: '#ff7f0e', R: '#d62728' };
