// Calls to the cubelab engine's JSON API (docs/web.md): POST /api/<command> with the CLI's
// `input` object as body, the CLI's --json output back; a 400 carries the CLI's one line.
// Two transports answer the same requests with the same statuses and bodies, chosen at
// start by <meta name="cubelab-engine">: `server` (`cubelab serve`, over HTTP) and
// `worker` (the static site: the engine in WebAssembly in a Web Worker, engine.js).
import * as engine from './engine.js';

/** Which transport answers: 'server' or 'worker'. */
export const ENGINE =
  globalThis.document?.querySelector('meta[name="cubelab-engine"]')?.content === 'worker' ? 'worker' : 'server';

/** An error the server reported (its one-line message), or a failed request. */
export class ApiError extends Error {}

// Integers beyond 2^53 (solution numbers, arrangement counts; docs/json.md rule 7) are
// kept exact as BigInt through the reviver's view of the source text.
function reviver(_key, value, context) {
  if (typeof value === 'number' && !Number.isSafeInteger(value) && context && /^-?\d+$/.test(context.source)) {
    return BigInt(context.source);
  }
  return value;
}

export function parseJson(text) {
  return JSON.parse(text, reviver);
}

/** The ApiError of a refused request, from its body `text`: the server's one line. */
function refusal(res, text) {
  let message = text.trim();
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed.error === 'string') message = parsed.error;
  } catch {
    // plain text: the CLI's line as it is
  }
  return new ApiError(message || `${res.status} ${res.statusText}`);
}

async function answer(res) {
  const text = await res.text();
  if (!res.ok) throw refusal(res, text);
  return parseJson(text);
}

/** A request stopped by its AbortController (the Cancel button or a newer request). */
export class Cancelled extends Error {}

/**
 * POST /api/<command> with `body` as JSON (`Content-Type: application/json`, same origin:
 * the server refuses other types and origins); resolves to the parsed JSON, rejects with
 * ApiError, or Cancelled when `signal` aborts it (the server then stops the work).
 */
export async function post(command, body, signal) {
  return answer(await send(command, body, signal));
}

/**
 * POST /api/<command> for an endpoint that answers with a file (`print blocks`, ...):
 * resolves to `{ blob, name }`, the name from `Content-Disposition` (or `fallback`);
 * rejects as `post` does.
 */
export async function postFile(command, body, fallback, signal) {
  const res = await send(command, body, signal);
  if (!res.ok) throw refusal(res, await res.text());
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallback;
  return { blob: await res.blob(), name };
}

/** The request of `post` and `postFile`: JSON, same origin, cancelled by `signal`. */
async function send(command, body, signal) {
  try {
    if (ENGINE === 'worker') {
      const kind = command.startsWith('print/') ? engine.PRINT : engine.RUN;
      return await engine.request(kind, command.replace(/\//g, ' '), JSON.stringify(body), signal);
    }
    return await fetch(`/api/${command}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      mode: 'same-origin',
      body: JSON.stringify(body),
      signal,
    });
  } catch (e) {
    if (signal?.aborted) throw new Cancelled('cancelled');
    throw new ApiError(ENGINE === 'worker' ? e.message : `cannot reach the server: ${e.message}`);
  }
}

/** GET /api/<path>. */
export async function get(path, signal) {
  let res;
  try {
    res = ENGINE === 'worker'
      ? await engine.request(engine.GET, decodeURIComponent(path), '', signal)
      : await fetch(`/api/${path}`, { mode: 'same-origin', signal });
  } catch (e) {
    if (signal?.aborted) throw new Cancelled('cancelled');
    throw new ApiError(ENGINE === 'worker' ? e.message : `cannot reach the server: ${e.message}`);
  }
  return answer(res);
}

// Words of the command line that mean nothing on a page, and their plain forms.
const FLAG_WORDS = [
  [/ \(see --help\)/g, ''],
  [/invalid digit found in string/g, 'not a whole number'],
  [/cannot parse integer from empty string/g, 'empty: a whole number is needed'],
  [/number too large to fit in target type/g, 'too large'],
  [/number too small to fit in target type/g, 'too small'],
  [/\binvalid value '([^']*)' for '--([\w-]+)(?: <[^>]*>)?'/g, (_, v, f) => `'${v}' is not a valid ${f.replace(/-/g, ' ')}`],
  [/'--([\w-]+)(?: <[^>]*>)?'/g, (_, f) => `'${f.replace(/-/g, ' ')}'`],
];

/**
 * The server's one line in plain language: no command-line words (`(see --help)`,
 * `--flag`, Rust's integer parse messages) and no prefix said twice
 * (`not solvable: not solvable: …`). A command to run instead (after `run it with: `)
 * is kept as it is: it is meant for the command line.
 */
export function plain(message) {
  let text = String(message ?? '').replace(/^error: /, '');
  const cut = text.search(/run it with: |run: cubelab /);
  let head = cut < 0 ? text : text.slice(0, cut);
  const tail = cut < 0 ? '' : text.slice(cut);
  for (const [re, to] of FLAG_WORDS) head = head.replace(re, to);
  // a prefix repeated ("x: x: rest" or "x: X: rest")
  let prev;
  do {
    prev = head;
    head = head.replace(/^([^:]{1,60}): \1: /i, '$1: ').replace(/(: )([^:]{1,60}): \2: /i, '$1$2: ');
  } while (head !== prev);
  return (head + tail).replace(/\s+/g, ' ').trim();
}

/** Shows `message` in plain words in the error element `el` (or hides it when null). */
export function showError(el, message) {
  el.textContent = message == null ? '' : plain(message);
  el.hidden = message == null;
  const field = el.dataset.for ? document.getElementById(el.dataset.for) : null;
  if (field) {
    if (message == null) field.removeAttribute('aria-invalid');
    else field.setAttribute('aria-invalid', 'true');
  }
}

/**
 * One request at a time for a part of a page, so that the page shows the result of
 * exactly the input on screen: `run(work)` aborts the previous request, greys the old
 * result (`.stale`, `inert`) at once, shows "Working…" with a Cancel button after 300 ms,
 * and hands `work` an AbortSignal. It resolves to work's value, or null when the request
 * was cancelled or superseded (then the old result is hidden: it no longer matches).
 * On an error the old result is hidden and the error is thrown on.
 *   results: () => the elements holding the result; status: the id of the element where
 *   "Working…" goes.
 */
export class Task {
  constructor({ results, status }) {
    this.results = results;
    this.statusId = status;
    this.controller = null;
    this.timer = null;
  }

  /** Greys (true) or ungreys (false) the results: the input on screen changed. */
  stale(on) {
    for (const el of this.results()) {
      if (!el) continue;
      el.classList.toggle('stale', on);
      el.inert = on;
      if (on) el.setAttribute('aria-busy', 'true');
      else el.removeAttribute('aria-busy');
    }
  }

  /** Hides the results (they no longer match the input); the page shows them again. */
  clear() {
    for (const el of this.results()) {
      if (!el) continue;
      el.hidden = true;
      el.classList.remove('stale');
      el.inert = false;
      el.removeAttribute('aria-busy');
    }
  }

  get status() {
    return document.getElementById(this.statusId);
  }

  cancel() {
    if (this.controller) this.controller.abort();
  }

  busy() {
    return this.controller != null;
  }

  async run(work) {
    this.cancel();
    const controller = new AbortController();
    this.controller = controller;
    this.stale(true);
    clearTimeout(this.timer);
    const started = performance.now();
    // A long run's progress, where the engine reports it (the worker transport).
    let progress = '';
    controller.signal.addEventListener('cubelab-progress', (e) => {
      const { phase, total, done } = e.detail;
      progress = total > 0 ? ` (${phase}: ${Math.floor((100 * done) / total)}%)` : ` (${phase})`;
    });
    this.timer = setTimeout(() => {
      if (this.controller !== controller) return;
      const secs = h('span', { class: 'secs' });
      const tick = () => {
        secs.textContent = ` ${((performance.now() - started) / 1000).toFixed(1)} s${progress}`;
      };
      tick();
      const iv = setInterval(() => (this.controller === controller ? tick() : clearInterval(iv)), 200);
      this.status.replaceChildren(h('span', { class: 'spinner', 'aria-hidden': 'true' }), 'Working…', secs, ' ',
        h('button', { type: 'button', class: 'cancel', onclick: () => controller.abort() }, 'Cancel'));
      this.status.hidden = false;
    }, 300);
    const done = () => {
      if (this.controller === controller) {
        this.controller = null;
        clearTimeout(this.timer);
        this.status.replaceChildren();
        this.status.hidden = true;
      }
    };
    try {
      const value = await work(controller.signal);
      if (controller.signal.aborted) throw new Cancelled('cancelled');
      done();
      this.stale(false);
      return value;
    } catch (e) {
      const mine = this.controller === controller;
      done();
      if (e instanceof Cancelled || controller.signal.aborted) {
        if (mine) {
          this.clear();
          this.status.replaceChildren('Cancelled: nothing is shown for this input.');
          this.status.hidden = false;
        }
        return null;
      }
      if (mine) this.clear();
      throw e;
    }
  }
}

/** Formats a count (Number or BigInt) with thousands separators. */
export function fmt(n) {
  return typeof n === 'bigint' ? n.toLocaleString('en-US') : Number(n).toLocaleString('en-US');
}

/** A count and its noun, singular for one: "1 solution", "4,096 placements". */
export function plural(n, one, many) {
  return `${fmt(n)} ${n == 1 ? one : many}`;
}

/** Creates an element with attributes and children. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v == null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'text') el.textContent = v;
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c == null) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Creates an SVG element with attributes and children. */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v != null) el.setAttribute(k, v);
  for (const c of children.flat()) {
    if (c == null) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}
