// Calls to the cubelab server's JSON API (docs/web.md): POST /api/<command> with the CLI's
// `input` object as body, the CLI's --json output back; a 400 carries the CLI's one line.

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

async function answer(res) {
  const text = await res.text();
  if (!res.ok) {
    let message = text.trim();
    try {
      const parsed = JSON.parse(text);
      if (parsed && typeof parsed.error === 'string') message = parsed.error;
    } catch {
      // plain text: the CLI's line as it is
    }
    throw new ApiError(message || `${res.status} ${res.statusText}`);
  }
  return parseJson(text);
}

/** POST /api/<command> with `body`; resolves to the parsed JSON, rejects with ApiError. */
export async function post(command, body) {
  let res;
  try {
    res = await fetch(`/api/${command}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(`cannot reach the server: ${e.message}`);
  }
  return answer(res);
}

/** GET /api/<path>. */
export async function get(path) {
  let res;
  try {
    res = await fetch(`/api/${path}`);
  } catch (e) {
    throw new ApiError(`cannot reach the server: ${e.message}`);
  }
  return answer(res);
}

/** Shows `message` in the error element `el` (or hides it when null). */
export function showError(el, message) {
  el.textContent = message ?? '';
  el.hidden = message == null;
}

/** Formats a count (Number or BigInt) with thousands separators. */
export function fmt(n) {
  return typeof n === 'bigint' ? n.toLocaleString('en-US') : Number(n).toLocaleString('en-US');
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
