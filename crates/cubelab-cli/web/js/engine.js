// The engine in the browser (the static site): the same requests as `cubelab serve`'s API,
// answered by the WebAssembly engine in a Web Worker (worker.js), as fetch Responses with
// the server's statuses, bodies and headers, so that api.js reads both transports alike.
// One request runs at a time, the others wait in order; aborting the running one
// terminates its worker (nothing finer exists without shared memory) and the next request
// gets a new worker; a panic or memory beyond the limit is answered, in one line, with the
// command line that does the work natively.

const WASM_URL = new URL('../engine/cubelab.wasm', import.meta.url);
const WORKER_URL = new URL('./worker.js', import.meta.url);

/** Call kinds of the module (crates/cubelab-wasm's `Kind`). */
export const RUN = 0;
export const PRINT = 1;
export const GET = 2;
const COMMAND_LINE = 3;

let compiled = null;
let worker = null;
let starting = null;
let running = null;
const queue = [];
let nextId = 1;
let started = 0;

/** How many workers the page has started (a new one after each abort of a running request). */
export function workersStarted() {
  return started;
}

/** The memory limit of the engine, in 64 KiB pages: 4 GiB, or `?engine-memory=MB` (tests). */
function maxPages() {
  const mb = Number(new URLSearchParams(location.search).get('engine-memory'));
  return Number.isInteger(mb) && mb >= 17 && mb <= 4096 ? mb * 16 : 65536;
}

function module() {
  // Streaming compilation needs the host to send application/wasm; a host that does not
  // gets the module compiled from its bytes.
  compiled ??= WebAssembly.compileStreaming(fetch(WASM_URL))
    .catch(async () => WebAssembly.compile(await (await fetch(WASM_URL)).arrayBuffer()))
    .catch((e) => {
      compiled = null;
      throw e;
    });
  return compiled;
}

async function startWorker() {
  const m = await module();
  const w = new Worker(WORKER_URL);
  started++;
  w.postMessage({ type: 'init', module: m, maxPages: maxPages() });
  w.onmessage = (e) => answered(w, e.data);
  w.onerror = (e) => {
    e.preventDefault();
    crashed(w, `the engine's worker failed: ${e.message}`);
  };
  return w;
}

/** The worker, started once (a terminated one is replaced by the next request). */
function ready() {
  if (worker) return Promise.resolve(worker);
  starting ??= startWorker().then(
    (w) => {
      worker = w;
      starting = null;
      return w;
    },
    (e) => {
      starting = null;
      throw e;
    },
  );
  return starting;
}

function json(status, value) {
  return new Response(JSON.stringify(value) + '\n', { status, headers: { 'Content-Type': 'application/json' } });
}

function answered(w, m) {
  if (w !== worker || !running || m.id !== running.id) return;
  if (m.type === 'progress') {
    running.onProgress?.(m);
    return;
  }
  const job = running;
  running = null;
  if (m.type === 'answer') {
    // the time the engine took, for the benchmark (web-tests/bench-site.mjs)
    const headers = { 'Content-Type': m.mediaType, 'X-Cubelab-Engine-Ms': String(m.ms) };
    if (m.name) headers['Content-Disposition'] = `attachment; filename="${m.name}"`;
    job.resolve(new Response(m.body, { status: m.status, headers }));
  } else {
    recover(job, m.message);
  }
  pump();
}

function crashed(w, message) {
  if (w !== worker) return;
  worker = null;
  w.terminate();
  const job = running;
  running = null;
  if (job) recover(job, message);
  pump();
}

/** The answer to a request whose instance trapped: one line, and the command that does it. */
function recover(job, message) {
  // the module's own words for a failed allocation (crates/cubelab-wasm's alloc error hook)
  const memory = /^memory allocation of \d+ bytes failed/.test(message);
  const why = memory
    ? 'the browser ran out of memory for this request (the engine has at most 4 GiB)'
    : `internal error: the engine stopped (${message.split('\n')[0]})`;
  if (job.kind === COMMAND_LINE) {
    job.resolve(json(500, { error: why }));
    return;
  }
  enqueue({ kind: COMMAND_LINE, path: job.path, body: job.body }).then(async (res) => {
    const line = res.ok ? (await res.text()).trim() : null;
    job.resolve(line ? json(memory ? 422 : 500, { error: `${why}; run it with: ${line}`, command: line }) : json(500, { error: why }));
  }, () => job.resolve(json(500, { error: why })));
}

async function pump() {
  if (running || queue.length === 0) return;
  const job = queue.shift();
  running = job;
  try {
    await ready();
  } catch (e) {
    running = null;
    job.reject(new Error(`cannot start the engine: ${e.message}`));
    pump();
    return;
  }
  if (running !== job) return;
  worker.postMessage({ type: 'call', id: job.id, kind: job.kind, path: job.path, body: job.body });
  job.onStarted?.();
}

function enqueue(job) {
  return new Promise((resolve, reject) => {
    Object.assign(job, { id: nextId++, resolve, reject });
    queue.push(job);
    pump();
  });
}

/**
 * Answers a request as `cubelab serve` would: `kind` RUN (a command's JSON), PRINT (a file)
 * or GET (a stored result), `path` the command path (`build`, `print blocks`) or the part
 * of the URL after /api/, `body` the JSON text. Resolves to a Response; rejects with
 * DOMException 'AbortError' when `signal` aborts (the running request's worker is ended).
 * Progress of a long run is dispatched on `signal` as a `cubelab-progress` event (the
 * engine posts it at most every 100 ms, none in a call's first 100 ms); `cubelab-started`
 * when the request is handed to the worker.
 */
export function request(kind, path, body, signal) {
  if (signal?.aborted) return Promise.reject(new DOMException('aborted', 'AbortError'));
  const job = {
    kind,
    path,
    body: body ?? '',
    onProgress: (m) => signal?.dispatchEvent(new CustomEvent('cubelab-progress', { detail: m })),
    onStarted: () => signal?.dispatchEvent(new Event('cubelab-started')),
  };
  const answer = enqueue(job);
  if (!signal) return answer;
  return new Promise((resolve, reject) => {
    const abort = () => {
      const i = queue.indexOf(job);
      if (i >= 0) queue.splice(i, 1);
      if (running === job) {
        running = null;
        worker?.terminate();
        worker = null;
        pump();
      }
      reject(new DOMException('aborted', 'AbortError'));
    };
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** Starts compiling the module and a worker before the first request needs them. */
export function warm() {
  ready().catch(() => {});
}
