// The shell: one page per tab (location.hash), each page module set up on first show.
import * as blocks from './blocks.js';
import * as picture from './picture.js';
import * as magic from './magic.js';
import * as census from './census.js';
import * as stacks from './stacks.js';
import * as extended from './extended.js';
import { read, write } from './state.js';

const PAGES = { blocks, picture, magic, census, stacks, extended };
const started = new Set();

function show() {
  const { page, params } = read();
  const name = page in PAGES ? page : 'blocks';
  for (const key of Object.keys(PAGES)) {
    document.getElementById(`page-${key}`).hidden = key !== name;
    const tab = document.getElementById(`tab-${key}`);
    tab.setAttribute('aria-selected', String(key === name));
    tab.tabIndex = key === name ? 0 : -1;
  }
  if (!started.has(name)) {
    started.add(name);
    PAGES[name].init(params);
  } else if (PAGES[name].urlState) {
    // back on a tab started before: its state into the address again
    write(name, PAGES[name].urlState());
  }
}

window.addEventListener('hashchange', show);
show();
