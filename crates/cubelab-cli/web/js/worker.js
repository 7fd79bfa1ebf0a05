// The engine's Web Worker (the static site, docs/web.md "The static site"): runs the
// cubelab engine compiled to WebAssembly (crates/cubelab-wasm) one request at a time, so
// the page never freezes. Messages in: {type: 'init', module, maxPages} once (the compiled
// module, shared by every worker of the page), then {type: 'call', id, kind, path, body}.
// Messages out: {type: 'progress', id, phase, total, done} while a long run reports it,
// {type: 'answer', id, status, body, name, mediaType, ms} (body an ArrayBuffer; ms the
// time in the engine) or
// {type: 'crash', id, message} when the instance trapped (a panic, or memory beyond
// maxPages): the instance is then discarded and the next call gets a fresh one.

const decoder = new TextDecoder();
const encoder = new TextEncoder();
let module = null;
let maxPages = 65536;
let instance = null;
let memory = null;
let current = 0;
let lastPanic = null;

function fresh() {
  // The module's memory, imported: its limit is the page's (65,536 pages of 64 KiB, 4 GiB,
  // unless the page asks for less); the module needs 256 pages to start.
  memory = new WebAssembly.Memory({ initial: 256, maximum: maxPages });
  const text = (ptr, len) => decoder.decode(new Uint8Array(memory.buffer, ptr, len));
  const env = {
    memory,
    cubelab_now_ms: () => performance.now(),
    cubelab_progress: (ptr, len, total, done) => {
      postMessage({ type: 'progress', id: current, phase: text(ptr, len), total, done });
    },
    cubelab_panic: (ptr, len) => {
      lastPanic = text(ptr, len);
    },
  };
  instance = new WebAssembly.Instance(module, { env });
  instance.exports.cubelab_init();
  return instance;
}

function call(kind, path, body) {
  const ex = (instance ?? fresh()).exports;
  const put = (s) => {
    const bytes = encoder.encode(s);
    const ptr = bytes.length ? ex.cubelab_alloc(bytes.length) : 0;
    if (bytes.length) new Uint8Array(memory.buffer, ptr, bytes.length).set(bytes);
    return [ptr, bytes.length];
  };
  const [pp, pl] = put(path);
  const [bp, bl] = put(body);
  const status = ex.cubelab_call(kind, pp, pl, bp, bl);
  ex.cubelab_free(pp, pl);
  ex.cubelab_free(bp, bl);
  const mem = memory.buffer;
  const out = new Uint8Array(mem, ex.cubelab_out_ptr(), ex.cubelab_out_len()).slice();
  const name = decoder.decode(new Uint8Array(mem, ex.cubelab_name_ptr(), ex.cubelab_name_len()));
  const mediaType = decoder.decode(new Uint8Array(mem, ex.cubelab_type_ptr(), ex.cubelab_type_len()));
  return { status, body: out.buffer, name, mediaType };
}

onmessage = (e) => {
  const m = e.data;
  if (m.type === 'init') {
    module = m.module;
    maxPages = m.maxPages ?? maxPages;
    return;
  }
  if (m.type !== 'call') return;
  current = m.id;
  lastPanic = null;
  try {
    const started = performance.now();
    const a = call(m.kind, m.path, m.body);
    postMessage({ type: 'answer', id: m.id, ms: performance.now() - started, ...a }, [a.body]);
  } catch (err) {
    // A trap (a panic aborts; memory that cannot grow aborts) or a failed instantiation:
    // this instance is unusable, the next call starts a fresh one.
    instance = null;
    postMessage({ type: 'crash', id: m.id, message: lastPanic ?? String(err?.message ?? err) });
  }
};
