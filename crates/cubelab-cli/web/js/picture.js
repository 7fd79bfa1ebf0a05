// Picture cube page: a board in 3D and flat, moves by clicking (client-side, the rules of
// docs/picture.md in picture-moves.js), scramble (POST /api/picture/scramble), solve
// (POST /api/picture/solve) and play the solution move by move.
import { post, showError, h, Task } from './api.js';
import { PICTURE_FILL, inkOn } from './colors.js';
import { createView, makeCube, place, recolor, FACE_ORDER, viewSvg } from './cube3d.js';
import { downloadButtons } from './download.js';
import * as P from './picture-moves.js';
import { read, write } from './state.js';

const $ = (id) => document.getElementById(id);

let board = P.solvedBoard(2, 2);
let view = null;
let cubes = [];
let solution = null; // {moves, start, pos}
let timer = null;

// The server's limits (crates/cubelab-cli/src/api/limits.rs, docs/web.md): rows and
// columns 1 to 64 (the library's largest side), at most 400 cubes for check, scramble and
// the local method (the optimal and subgroup methods: the server answers, refusing
// larger boards at once with the command to run). The browser tests check these numbers
// against the server.
export const MAX_SIDE = 64;
export const MAX_CELLS = 400;
const task = new Task({ results: () => [$('pic-solution')], status: 'pic-busy' });
/** The two drawings of the board: the 3D view and the flat board with its move buttons. */
const BOARD_VIEWS = ['pic-view', 'pic-flat'];

/** The board size typed, or null after showing why it is refused beside the fields. */
function checkedSize() {
  const [m, n] = [$('pic-m').value.trim(), $('pic-n').value.trim()];
  const bad = (v) => !/^\d+$/.test(v) || Number(v) < 1 || Number(v) > MAX_SIDE;
  // a number field holding text that is not a number reads as '' (validity.badInput)
  const shown = (id, v) => (v !== '' ? `'${v}'` : $(id).validity.badInput ? 'not a number' : 'empty');
  let why = null;
  if (bad(m)) why = `rows: ${shown('pic-m', m)}: a whole number from 1 to ${MAX_SIDE} is needed`;
  else if (bad(n)) why = `columns: ${shown('pic-n', n)}: a whole number from 1 to ${MAX_SIDE} is needed`;
  else if (Number(m) * Number(n) > MAX_CELLS) why = `${m} × ${n} = ${Number(m) * Number(n)} cubes: the server takes boards of at most ${MAX_CELLS} cubes`;
  showError($('pic-size-error'), why);
  for (const id of ['pic-m', 'pic-n']) {
    if (why && why.startsWith(id === 'pic-m' ? 'rows' : 'columns')) $(id).setAttribute('aria-invalid', 'true');
    else $(id).removeAttribute('aria-invalid');
  }
  return why ? null : [Number(m), Number(n)];
}

// The board set last (solved, scrambled or typed), the moves played on it since, and the
// moves undone (redo). The board shown is `start` after `played`.
let start = board;
let played = [];
let undone = [];

/** The move that undoes `name` (u <-> d, l <-> r; a half turn is its own inverse). */
function inverse(name) {
  const { kind, index, times } = P.parseMove(name);
  if (times === 2) return name;
  return `${{ u: 'd', d: 'u', l: 'r', r: 'l' }[kind]}${index}`;
}

function undo() {
  if (!played.length) return;
  stop();
  task.cancel();
  dropSolution();
  const mv = played.pop();
  undone.push(mv);
  show(P.applyMove(board, inverse(mv)), false, inverse(mv));
  movesChanged();
}

function redo() {
  if (!undone.length) return;
  stop();
  task.cancel();
  dropSolution();
  const mv = undone.pop();
  played.push(mv);
  show(P.applyMove(board, mv), false, mv);
  movesChanged();
}

function dropSolution() {
  if (solution) {
    solution = null;
    $('pic-solution').hidden = true;
  }
}

/** Undo and redo buttons, the move count, the address. */
function movesChanged() {
  $('pic-undo').disabled = played.length === 0;
  $('pic-redo').disabled = undone.length === 0;
  $('pic-undo').title = played.length ? `undo ${played[played.length - 1]}` : '';
  $('pic-redo').title = undone.length ? `redo ${undone[undone.length - 1]}` : '';
  $('pic-played').textContent = played.length ? `Moves played: ${played.join(' ')}` : '';
  save();
}

/** The board set, the moves played on it, the method, metric and seed. */
export function urlState() {
  return { b: P.boardText(start), mv: played.join(' '), me: $('pic-method').value, mt: $('pic-metric').value, sd: $('pic-seed').value };
}

function save() {
  if (read().page === 'picture') write('picture', urlState());
}

function restore(params) {
  for (const [key, id] of [['me', 'pic-method'], ['mt', 'pic-metric']]) {
    const v = params.get(key);
    if (v && [...$(id).options].some((o) => o.value === v)) $(id).value = v;
  }
  if (/^\d+$/.test(params.get('sd') ?? '')) $('pic-seed').value = params.get('sd');
  if (!params.has('b')) return false;
  try {
    let b = P.parseBoard(params.get('b'));
    if (b.length > MAX_SIDE || b[0].length > MAX_SIDE || b.length * b[0].length > MAX_CELLS) throw new Error('too large');
    setBoard(b);
    const moves = (params.get('mv') ?? '').split(/\s+/).filter((x) => x);
    for (const mv of moves) b = P.applyMove(b, mv);
    played = moves;
    show(b, true);
    movesChanged();
    return true;
  } catch {
    // not a board the page can draw: the server says why
    $('pic-board').value = params.get('b');
    setFromText();
    return true;
  }
}

export function init(params = new URLSearchParams()) {
  $('pic-downloads').replaceChildren(downloadButtons(() => viewSvg($('pic-view')), 'picture-board', 'the 3D board'));
  $('pic-undo').onclick = undo;
  $('pic-redo').onclick = redo;
  document.addEventListener('keydown', (e) => {
    if ($('page-picture').hidden || !(e.ctrlKey || e.metaKey) || e.target.matches('input, textarea, select')) return;
    if (e.key === 'z' && !e.shiftKey) undo();
    else if (e.key === 'y' || (e.key.toLowerCase() === 'z' && e.shiftKey)) redo();
    else return;
    e.preventDefault();
  });
  for (const id of ['pic-method', 'pic-metric']) $(id).addEventListener('change', save);
  $('pic-new').onclick = () => {
    const mn = checkedSize();
    if (mn) setBoard(P.solvedBoard(...mn));
  };
  for (const id of ['pic-m', 'pic-n']) $(id).addEventListener('input', () => checkedSize());
  $('pic-scramble').onclick = scramble;
  $('pic-set').onclick = setFromText;
  $('pic-board').onkeydown = (e) => {
    if (e.key === 'Enter') setFromText();
  };
  $('pic-solve').onclick = solve;
  $('pic-step').onclick = step;
  $('pic-play').onclick = play;
  $('pic-restart').onclick = () => {
    stop();
    if (solution) {
      solution.pos = 0;
      played = played.slice(0, solution.played);
      undone = [];
      show(solution.start, true);
      markMoves();
      movesChanged();
    }
  };
  $('pic-reset-view').onclick = () => view && view.reset();
  if (!restore(params)) setBoard(board);
}

function setBoard(b) {
  stop();
  task.cancel();
  solution = null;
  $('pic-solution').hidden = true;
  start = b;
  played = [];
  undone = [];
  show(b, true);
  movesChanged();
}

// A move turns its line's cubes about the line's axis, which passes through each cube's
// centre, so each cube turns about its own centre: u = rotateX(90deg) in CSS (y down),
// d = -90, l = rotateZ(-90deg), r = +90; half turns twice that.
const TURN_CSS = { u: ['X', 90], d: ['X', -90], l: ['Z', -90], r: ['Z', 90] };
const ANIMATION_MS = 280;
let animation = null; // {timer, finish}

function finishAnimation() {
  if (animation) {
    clearTimeout(animation.timer);
    animation.finish();
  }
}

/** Turns the 3D cubes of `move`'s line, then calls `done` (at once without a move). */
function animate(move, done) {
  finishAnimation();
  if (!move) return done();
  const { kind, index, times } = P.parseMove(move);
  const [axis, deg] = TURN_CSS[kind];
  const moving = cubes.filter((c) => Number(kind === 'u' || kind === 'd' ? c.dataset.row : c.dataset.col) === index);
  for (const c of moving) {
    c.style.transition = `transform ${ANIMATION_MS}ms ease`;
    c.style.transform = `${c.dataset.base} rotate${axis}(${deg * times}deg)`;
  }
  $('pic-view').dataset.animating = 'true';
  const finish = () => {
    animation = null;
    for (const c of moving) {
      c.style.transition = 'none';
      c.style.transform = c.dataset.base;
    }
    delete $('pic-view').dataset.animating;
    done();
  };
  animation = { timer: setTimeout(finish, ANIMATION_MS + 20), finish };
}

function show(b, rebuild, move = null) {
  board = b;
  const m = b.length;
  const n = b[0].length;
  $('pic-m').value = m;
  $('pic-n').value = n;
  $('pic-board').value = P.boardText(b);
  if (rebuild || cubes.length !== m * n) {
    finishAnimation();
    const keep = view ? view.rotation() : null;
    view = createView($('pic-view'), { rx: -52, ry: -18 });
    if (keep) view.setRotation(keep.rx, keep.ry);
    const SIZE = Math.min(90, Math.floor(300 / Math.max(m, n)));
    const pitch = SIZE + 6;
    view.fitRadius(Math.hypot(m * pitch, n * pitch, SIZE) / 2);
    cubes = [];
    b.forEach((row, i) => row.forEach((_, j) => {
      const cube = makeCube(SIZE, Array(6).fill('#ccc'));
      cube.dataset.row = i + 1;
      cube.dataset.col = j + 1;
      place(cube, (j - (n - 1) / 2) * pitch, 0, (i - (m - 1) / 2) * pitch);
      cube.dataset.base = cube.style.transform;
      cube.style.transition = 'none';
      view.world.append(cube);
      cubes.push(cube);
    }));
    buildFlat(m, n);
  }
  animate(move, () => b.forEach((row, i) => row.forEach((c, j) => {
    recolor(cubes[i * n + j], FACE_ORDER.map((f) => PICTURE_FILL[c[f]]));
  })));
  b.forEach((row, i) => row.forEach((c, j) => {
    const cell = $('pic-flat').querySelector(`[data-cell="${i + 1}-${j + 1}"]`);
    cell.style.background = PICTURE_FILL[c.U];
    cell.style.color = inkOn(PICTURE_FILL[c.U]);
    cell.classList.toggle('home', c.U === 'U' && c.F === 'F');
    cell.firstChild.textContent = c.U;
    cell.lastChild.textContent = `front ${c.F}`;
    cell.setAttribute('aria-label', `row ${i + 1}, column ${j + 1}: ${c.U}${c.F}`);
  }));
  const off = b.flat().filter((c) => !(c.U === 'U' && c.F === 'F')).length;
  for (const id of BOARD_VIEWS) $(id).classList.remove('stale');
  const st = $('pic-status');
  st.textContent = off === 0 ? 'Solved: every cube shows U up and F front.' : `Not solved: ${off} of ${m * n} cubes out of place.`;
  st.className = off === 0 ? 'ok' : '';
  st.dataset.solved = String(off === 0);
}

function buildFlat(m, n) {
  const flat = $('pic-flat');
  flat.replaceChildren();
  flat.style.gridTemplateColumns = `auto auto repeat(${n}, 3.4em)`;
  // the arrows are pictures (aria-hidden): each button's name starts with its text
  const move = (name, label, arrow, after = false) =>
    h('button', { type: 'button', 'data-move': name, 'aria-label': `${name}: ${label}`, onclick: () => manual(name) },
      after ? '' : h('span', { 'aria-hidden': 'true' }, `${arrow} `), name, after ? h('span', { 'aria-hidden': 'true' }, ` ${arrow}`) : '');
  for (let i = 1; i <= m; i++) {
    flat.append(move(`u${i}`, `turn row ${i}, front faces up`, '↑'));
    flat.append(move(`d${i}`, `turn row ${i}, front faces down`, '↓'));
    for (let j = 1; j <= n; j++) {
      flat.append(h('div', { class: 'cell', 'data-cell': `${i}-${j}`, role: 'img' }, h('span', {}), h('small', {})));
    }
  }
  flat.append(h('span', {}), h('span', {}));
  for (let j = 1; j <= n; j++) {
    flat.append(h('div', {},
      move(`l${j}`, `turn column ${j}, up faces left`, '←'),
      move(`r${j}`, `turn column ${j}, up faces right`, '→', true)));
  }
}

function manual(name) {
  stop();
  task.cancel();
  dropSolution();
  played.push(name);
  undone = [];
  show(P.applyMove(board, name), false, name);
  movesChanged();
}

async function scramble() {
  showError($('pic-error'), null);
  const mn = checkedSize();
  if (!mn) return;
  const [m, n] = mn;
  const seed = Number($('pic-seed').value);
  if (!Number.isSafeInteger(seed) || seed < 0) {
    showError($('pic-size-error'), `seed: '${$('pic-seed').value}': a whole number from 0 is needed`);
    return;
  }
  try {
    const out = await task.run((signal) => post('picture/scramble', { m, n, seed, moves: null }, signal));
    if (!out) return;
    setBoard(P.parseBoard(out.board));
    $('pic-seed').value = seed + 1;
    save();
  } catch (e) {
    showError($('pic-size-error'), e.message);
  }
}

async function setFromText() {
  showError($('pic-error'), null);
  const text = $('pic-board').value;
  try {
    const out = await task.run((signal) => post('picture/check', { board: text }, signal));
    if (!out) return;
    setBoard(P.parseBoard(out.board));
    if (!out.solvable) showError($('pic-error'), /^not solvable/.test(out.reason) ? out.reason : `not solvable: ${out.reason}`);
  } catch (e) {
    showError($('pic-error'), e.message);
    // the drawing is still the board set before: say so, and grey it, rather than leave
    // its "Solved" under a board that was refused
    unsetShown();
  }
}

/** The board typed was refused: the one drawn is greyed and its status says what it is. */
function unsetShown() {
  for (const id of BOARD_VIEWS) $(id).classList.add('stale');
  const st = $('pic-status');
  st.textContent = 'The board typed was not set (the line above says why); the board drawn is the one set before.';
  st.className = '';
  st.dataset.solved = 'unset';
}

async function solve() {
  stop();
  showError($('pic-error'), null);
  showError($('pic-solve-error'), null);
  const method = $('pic-method').value;
  const metric = $('pic-metric').value;
  const start = board;
  const body = { board: P.boardText(board), method, metric };
  let out;
  try {
    out = await task.run((signal) => post('picture/solve', body, signal));
  } catch (e) {
    showError($('pic-solve-error'), e.message);
    return;
  }
  if (!out || board !== start) return;
  // the local method's commutators leave moves that cancel or merge: shown simplified
  const moves = method === 'local' ? P.simplify(out.moves, metric) : out.moves;
  const length = P.movesLength(moves, metric);
  solution = { moves, start: board, pos: 0, played: played.length };
  $('pic-solution').hidden = false;
  $('pic-solution-title').textContent = `${length} move${length === 1 ? '' : 's'}${out.optimal ? ' (shortest)' : ''}` +
    (method === 'local' && length !== out.length ? ` (the local method's ${out.length}, with cancelled and merged moves)` : '') + ':';
  $('pic-moves').replaceChildren(...moves.map((mv, i) => h('span', { class: 'move-chip mono', 'data-index': i }, mv)));
  markMoves();
}

function markMoves() {
  [...$('pic-moves').children].forEach((chip, i) => {
    chip.classList.toggle('next', i === solution.pos);
    chip.classList.toggle('played', i < solution.pos);
  });
  const done = solution.pos >= solution.moves.length;
  // a button disabled under the keyboard's focus would drop the focus to the page: it goes
  // to "Back to start", the next thing to do
  const focused = document.activeElement;
  $('pic-step').disabled = done;
  $('pic-play').disabled = done;
  if (done && (focused === $('pic-step') || focused === $('pic-play'))) $('pic-restart').focus();
}

function step() {
  if (!solution || solution.pos >= solution.moves.length) return stop();
  const mv = solution.moves[solution.pos];
  show(P.applyMove(board, mv), false, mv);
  played.push(mv);
  undone = [];
  solution.pos += 1;
  movesChanged();
  markMoves();
  if (solution.pos >= solution.moves.length) stop();
}

function play() {
  stop();
  timer = setInterval(step, 450);
}

function stop() {
  if (timer) clearInterval(timer);
  timer = null;
}
