// The shell: one page per tab (location.hash), each page module set up on first show.
import * as blocks from './blocks.js';
import * as picture from './picture.js';
import * as magic from './magic.js';
import * as census from './census.js';
import * as stacks from './stacks.js';
import * as extended from './extended.js';
import * as make from './make.js';
import { read, write } from './state.js';
import { ENGINE } from './api.js';
import { warm } from './engine.js';

const PAGES = { blocks, picture, magic, census, stacks, extended, make };
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
  } else if (params.toString() !== '') {
    // a link with another page state opened in this tab: start afresh from it
    location.reload();
  } else if (PAGES[name].urlState) {
    // back on a tab started before: its state into the address again
    write(name, PAGES[name].urlState());
  }
}

// The tabs as a tablist: Left/Right (and Home/End) move between them, Enter or Space open one.
const tabs = [...document.querySelectorAll('[role="tab"]')];
for (const tab of tabs) {
  tab.addEventListener('keydown', (e) => {
    const i = tabs.indexOf(tab);
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (to != null) {
      e.preventDefault();
      const next = tabs[(to + tabs.length) % tabs.length];
      next.focus();
      next.click();
    } else if (e.key === ' ') {
      e.preventDefault();
      tab.click();
    }
  });
}

window.addEventListener('hashchange', show);
// The static site: the engine compiled and its worker started at once (the first answer
// comes sooner), and the service worker that keeps the site for offline use.
if (ENGINE === 'worker') {
  warm();
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('sw.js').catch(() => {});
}
show();
// Every listener above is in place: browser tests wait for this before pressing keys.
document.documentElement.dataset.app = 'ready';
