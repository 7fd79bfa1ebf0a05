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

function kahanIndex(ch) {
  return KAHAN.findIndex((k, idx) => k[0] === ch || String(idx + 1) === ch);
}

// The six colors of the puzzle in hand (1..6, the same as w y b g p r): the CLI's by
// default; a preset or the palette editor gives them the names and paints of a puzzle
// with other colors (Sadisticube: 1 blue, 2 red, 3 green, 4 yellow, 5 orange, 6 purple).
export const DEFAULT_SIX = KAHAN.map(([, name, css]) => ({ name, css }));
export const PALETTES = {
  standard: { title: 'MacMahon / Kahan (1–6 = white, yellow, blue, green, purple, red)', six: DEFAULT_SIX },
  sadisticube: {
    title: 'Sadisticube (Magnier: 1 blue, 2 red, 3 green, 4 yellow, 5 orange, 6 purple)',
    six: [['blue', '#1f77b4'], ['red', '#d62728'], ['green', '#2ca02c'], ['yellow', '#ffdd33'], ['orange', '#ff7f0e'], ['purple', '#9467bd']].map(([name, css]) => ({ name, css })),
  },
};
let six = DEFAULT_SIX.map((c) => ({ ...c }));

/** The six colors now used: [{name, css}] for 1..6. */
export function sixColors() {
  return six.map((c) => ({ ...c }));
}

/** Sets the six colors (names and CSS colors) and tells the pages ('palettechange'). */
export function setSixColors(list) {
  six = list.map((c) => ({ name: String(c.name), css: String(c.css) }));
  if (typeof window !== 'undefined') window.dispatchEvent(new Event('palettechange'));
}

/** True when the six colors are the CLI's. */
export function isDefaultPalette() {
  return six.every((c, i) => c.name === DEFAULT_SIX[i].name && c.css === DEFAULT_SIX[i].css);
}

/** CSS fill of a palette color. */
export function fill(ch) {
  if (ch === 'o') return '#ff7f0e';
  if (ch === 'k') return '#333333';
  if (ch === '0') return '#bbbbbb';
  const i = kahanIndex(ch);
  if (i >= 0) return six[i].css;
  return `hsl(${(PALETTE.indexOf(ch) * 137) % 360}, 65%, 60%)`;
}

/** Readable text color on a CSS color '#rrggbb' (by its luminance). */
export function inkOn(css) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(css);
  if (!m) return '#000000';
  const [r, g, b] = m.slice(1).map((x) => parseInt(x, 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return lum > 0.179 ? '#000000' : '#ffffff'; // the better contrast of the two
}

/** Readable text color on `fill(ch)`. */
export function ink(ch) {
  if (kahanIndex(ch) >= 0) return inkOn(six[kahanIndex(ch)].css);
  return '3456bgprk'.includes(ch) ? '#ffffff' : '#000000';
}

/** The color's name in legends, or null. */
export function colorName(ch) {
  if (ch === 'o') return 'orange';
  if (ch === 'k') return 'black';
  if (ch === '0') return 'grey';
  const i = kahanIndex(ch);
  return i >= 0 ? six[i].name : null;
}

const FACE_INDEX = { U: 0, D: 1, F: 2, B: 3, L: 4, R: 5 };
const ON_SIDE = { U: 'on top', D: 'at the bottom', F: 'at the front', B: 'at the back', L: 'on the left', R: 'on the right' };
const TOWARD = { U: 'toward the top', F: 'toward the front', L: 'toward the left' };

/**
 * How to place a block, by the assembled cube's sides rather than the viewer's ("facing
 * you" is false once the camera turns to a back corner): the colors of `faces` (the block
 * as it stands, U D F B L R) on each outer side it shows (`shows`, e.g. "UBL" for the top
 * back left corner), which the picture beside the words shows too; a block showing fewer
 * than two sides is completed by the directions of its hidden faces ("toward the top").
 * "white on top, yellow at the back, red on the left".
 */
export function holdWords(faces, shows) {
  const name = (side) => colorName(faces[FACE_INDEX[side]]) ?? `color ${faces[FACE_INDEX[side]]}`;
  const words = [...shows].map((side) => `${name(side)} ${ON_SIDE[side]}`);
  const axis = (side) => ({ U: 'U', D: 'U', F: 'F', B: 'F', L: 'L', R: 'L' })[side];
  for (const side of ['U', 'F', 'L']) {
    if (words.length >= 2) break;
    if (![...shows].some((x) => axis(x) === side)) words.push(`${name(side)} ${TOWARD[side]}`);
  }
  return words.join(', ');
}

/** "1 = w, white" as the CLI's legends write it ("1, blue" with other colors). */
export function legendText(ch) {
  const i = kahanIndex(ch);
  if (i >= 0 && KAHAN[i][0] !== ch && isDefaultPalette()) return `${ch} = ${KAHAN[i][0]}, ${KAHAN[i][1]}`;
  const name = colorName(ch);
  return name ? `${ch}, ${name}` : ch;
}

/** The picture cube's face colors (original faces; docs/picture.md). */
export const PICTURE_FILL = { U: '#ffffff', D: '#ffdd33', F: '#2ca02c', B: '#1f77b4', L: '#ff7f0e', R: '#d62728' };
