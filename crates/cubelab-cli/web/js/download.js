// Downloads of the pictures: every 3D view (drawn as SVG by cube3d.viewSvg) and every SVG
// chart, as SVG or as PNG (the SVG drawn on a canvas at twice its size).
import { h } from './api.js';

/** Saves `blob` as a download named `name`. */
export function save(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** An SVG element as a standalone document (with its namespace and a white ground). */
export function svgText(svg) {
  const copy = svg.cloneNode(true);
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const w = svg.viewBox.baseVal?.width || svg.clientWidth;
  const hgt = svg.viewBox.baseVal?.height || svg.clientHeight;
  copy.setAttribute('width', w);
  copy.setAttribute('height', hgt);
  const ground = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  Object.entries({ x: 0, y: 0, width: w, height: hgt, fill: '#ffffff' }).forEach(([k, v]) => ground.setAttribute(k, v));
  copy.prepend(ground);
  return new XMLSerializer().serializeToString(copy);
}

/** An SVG document drawn on a canvas: a PNG Blob. */
export async function pngOf(text, factor = 2) {
  const img = new Image();
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(img.naturalWidth * factor);
    canvas.height = Math.round(img.naturalHeight * factor);
    const ctx = canvas.getContext('2d');
    ctx.scale(factor, factor);
    ctx.drawImage(img, 0, 0);
    return await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** "Download SVG" and "Download PNG" buttons for a picture whose SVG text `getSvg` gives. */
export function downloadButtons(getSvg, name, what) {
  return h('span', { class: 'downloads' },
    h('button', { type: 'button', class: 'dl-svg', 'aria-label': `Download SVG of ${what}`, onclick: () => save(new Blob([getSvg()], { type: 'image/svg+xml' }), `${name}.svg`) }, 'Download SVG'),
    h('button', { type: 'button', class: 'dl-png', 'aria-label': `Download PNG of ${what}`, onclick: async () => save(await pngOf(getSvg()), `${name}.png`) }, 'Download PNG'));
}
