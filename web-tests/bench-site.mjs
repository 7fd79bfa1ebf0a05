// The static site's benchmark (docs/benchmarks.md, "The static site"): each request of
// web-tests/bench-requests.json answered by the WebAssembly engine in headless Chromium
// (the page's own engine module, in its Web Worker, warm: the time in the engine, measured
// in the worker around the module's call, and the page's round trip) and by the same function natively (crates/cubelab-wasm's example `timings`, one
// thread), in alternation, three rounds of REPS each; prints the medians and their ratio,
// and checks that both answers have the same size. Also the site's size, and the time
// from opening the page on a cold cache to the first answer on the blocks page.
//
//   cargo build --release -p cubelab-wasm --example timings
//   node web-tests/bench-site.mjs target/release/examples/timings target/site [REPS]
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, readdirSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const [timings, site, repsArg] = process.argv.slice(2);
const reps = Number(repsArg ?? 5);
const listFile = new URL('./bench-requests.json', import.meta.url).pathname;
const list = JSON.parse(readFileSync(listFile, 'utf8'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function files(dir) {
  return readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
}
const all = files(site);
const gz = all.reduce((s, f) => s + gzipSync(readFileSync(f), { level: 9 }).length, 0);
const wasm = readFileSync(join(site, 'engine/cubelab.wasm'));
console.log(`site: ${all.length} files, ${(gz / 1024).toFixed(0)} KiB gzip-compressed in all; engine ${(wasm.length / 1024).toFixed(0)} KiB, ${(gzipSync(wasm, { level: 9 }).length / 1024).toFixed(0)} KiB gzip-compressed`);
console.log(`load before: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);

const server = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', site], { stdio: ['ignore', 'pipe', 'ignore'] });
const url = await new Promise((resolve) => {
  let out = '';
  server.stdout.on('data', (d) => {
    out += d;
    const m = /Serving HTTP on (\S+) port (\d+)/.exec(out);
    if (m) resolve(`http://${m[1]}:${m[2]}/`);
  });
});
const profile = mkdtempSync(join(tmpdir(), 'cubelab-bench-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  // CUBELAB_CHROMIUM_FLAGS: more flags, for experiments (--js-flags=--no-liftoff, ...)
  args: ['--headless', '--no-sandbox', '--enable-unsafe-swiftshader', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
    ...(process.env.CUBELAB_CHROMIUM_FLAGS ?? '').split(' ').filter(Boolean)],
});
try {
  const page = await context.newPage();
  // cold cache: the time from navigation to the first build answer shown on the blocks page
  const t0 = Date.now();
  await page.goto(`${url}#blocks?b=Ac%20Af%20Ba%20Bf%20Ea%20Ef%20Fa%20Fc`);
  await page.waitForSelector('#targets', { timeout: 60000 });
  console.log(`first answer on the blocks page, cold cache: ${Date.now() - t0} ms`);
  const native = {};
  const browser = {};
  const inEngine = {};
  for (let round = 0; round < 3; round++) {
    const n = JSON.parse(execFileSync(timings, [listFile, String(reps)], { encoding: 'utf8' }));
    const b = await page.evaluate(async ([reqs, k]) => {
      const engine = await import('./js/engine.js');
      const out = {};
      for (const r of reqs) {
        const ms = [];
        const engineMs = [];
        let bytes = 0;
        for (let i = 0; i < k + 1; i++) {
          const t = performance.now();
          const res = await engine.request(r.kind, r.path, JSON.stringify(r.body));
          const body = new Uint8Array(await res.arrayBuffer());
          if (i > 0) {
            // the first call of a round warms up
            ms.push(performance.now() - t);
            engineMs.push(Number(res.headers.get('X-Cubelab-Engine-Ms')));
          }
          if (res.status !== 200) throw new Error(`${r.path}: ${res.status} ${new TextDecoder().decode(body)}`);
          bytes = body.length;
        }
        out[r.name] = { ms, engineMs, bytes };
      }
      return out;
    }, [list, reps]);
    for (const r of list) {
      (native[r.name] ??= []).push(...n[r.name].ms);
      (browser[r.name] ??= []).push(...b[r.name].ms);
      (inEngine[r.name] ??= []).push(...b[r.name].engineMs);
      if (n[r.name].bytes !== b[r.name].bytes) throw new Error(`${r.name}: ${n[r.name].bytes} bytes natively, ${b[r.name].bytes} in the browser`);
    }
  }
  console.log('| request | native (ms) | Chromium, in the engine (ms) | ratio | Chromium, the page\'s round trip (ms) | ratio |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const r of list) {
    const a = median(native[r.name]);
    const e = median(inEngine[r.name]);
    const c = median(browser[r.name]);
    console.log(`| ${r.name} | ${a.toFixed(3)} | ${e.toFixed(3)} | ${(e / a).toFixed(2)} | ${c.toFixed(3)} | ${(c / a).toFixed(2)} |`);
  }
} finally {
  await context.close();
  server.kill();
  rmSync(profile, { recursive: true, force: true });
}
console.log(`load after: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
