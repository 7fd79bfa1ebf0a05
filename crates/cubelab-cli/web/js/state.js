// The page's input in the address, so that a link or a reload restores it:
// `#<page>?key=value&...` (the tab name, then the page's own keys; docs/web.md lists them).
// Written with history.replaceState, which neither reloads nor fires hashchange.

/** The page named in the address and its parameters. */
export function read() {
  const hash = location.hash.slice(1);
  const q = hash.indexOf('?');
  return { page: q < 0 ? hash : hash.slice(0, q), params: new URLSearchParams(q < 0 ? '' : hash.slice(q + 1)) };
}

/** Writes `page` and its state (keys with null, undefined or '' values left out). */
export function write(page, state = {}) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(state)) {
    if (v == null || v === '' || v === false) continue;
    params.set(k, v === true ? '1' : String(v));
  }
  const text = params.toString().replace(/\+/g, '%20');
  const url = `${location.pathname}${location.search}#${page}${text ? `?${text}` : ''}`;
  if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(null, '', url);
}
