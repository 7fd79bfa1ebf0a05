// The shell: one page per tab (location.hash), each page module set up on first show.
import * as blocks from './blocks.js';
import * as picture from './picture.js';
import * as magic from './magic.js';
import * as census from './census.js';
import * as stacks from './stacks.js';
import * as extended from './extended.js';

const PAGES = { blocks, picture, magic, census, stacks, extended };
const started = new Set();

function show() {
  const name = location.hash.slice(1) in PAGES ? location.hash.slice(1) : 'blocks';
  for (const key of Object.keys(PAGES)) {
    document.getElementById(`page-${key}`).hidden = key !== name;
    document.getElementById(`tab-${key}`).setAttribute('aria-selected', String(key === name));
  }
  if (!started.has(name)) {
    started.add(name);
    PAGES[name].init();
  }
}

window.addEventListener('hashchange', show);
show();
