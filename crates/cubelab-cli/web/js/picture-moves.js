// Picture cube board logic, client side. Conventions of docs/picture.md: a cube's state maps
// each current position (U D F B L R) to the ORIGINAL face now there; a board token is the
// original face now up then the one now front. Row i turns about the x axis (u: front faces
// go up, d: front faces go down), column j about the z axis (l: up faces go left, r: up faces
// go right). The e2e test checks this against `picture scramble --moves` and `picture solve`.

export const FACES = ['U', 'D', 'F', 'B', 'L', 'R'];
const OPPOSITE = { U: 'D', D: 'U', F: 'B', B: 'F', L: 'R', R: 'L' };
// Unit vectors (x right, y up, z front) of the faces.
const VEC = { U: [0, 1, 0], D: [0, -1, 0], F: [0, 0, 1], B: [0, 0, -1], L: [-1, 0, 0], R: [1, 0, 0] };

function faceOf(v) {
  return FACES.find((f) => VEC[f].every((c, i) => c === v[i]));
}
function cross(a, b) {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

/** The state {U: orig, ...} of a token such as "RB"; throws on a bad token. */
export function cubeFromToken(token) {
  const up = token[0];
  const front = token[1];
  if (token.length !== 2 || !VEC[up] || !VEC[front] || up === front || OPPOSITE[up] === front) {
    throw new Error(`'${token}' is not a rotation`);
  }
  // The rotation maps original axes to current ones: current U shows `up`, current F shows
  // `front`; current R shows the original face along up x front (right-handed: U x F = R).
  const right = faceOf(cross(VEC[up], VEC[front]));
  return { U: up, D: OPPOSITE[up], F: front, B: OPPOSITE[front], R: right, L: OPPOSITE[right] };
}

export function tokenOf(cube) {
  return cube.U + cube.F;
}

/** Parses "UF RB / DL UF" into rows of cube states. */
export function parseBoard(text) {
  const rows = text.split('/').map((r) => r.trim().split(/\s+/).filter((t) => t.length > 0));
  if (rows.some((r) => r.length !== rows[0].length) || rows[0].length === 0) {
    throw new Error('ragged or empty board');
  }
  return rows.map((r) => r.map(cubeFromToken));
}

export function boardText(board) {
  return board.map((r) => r.map(tokenOf).join(' ')).join(' / ');
}

export function solvedBoard(m, n) {
  return Array.from({ length: m }, () => Array.from({ length: n }, () => cubeFromToken('UF')));
}

export function isSolved(board) {
  return board.every((r) => r.every((c) => c.U === 'U' && c.F === 'F'));
}

// new[position] = old[CYCLE[position]] for each quarter turn.
const TURN = {
  u: { U: 'F', B: 'U', D: 'B', F: 'D' },
  d: { D: 'F', F: 'U', U: 'B', B: 'D' },
  l: { L: 'U', D: 'L', R: 'D', U: 'R' },
  r: { R: 'U', D: 'R', L: 'D', U: 'L' },
};

function turnCube(cube, kind) {
  const out = { ...cube };
  for (const [to, from] of Object.entries(TURN[kind])) out[to] = cube[from];
  return out;
}

/** Parses a move name (u2, d1, l3, r1, uu2, ll3) into {kind, index (1-based), times}. */
export function parseMove(name) {
  const m = /^(uu|dd|ll|rr|u|d|l|r)(\d+)$/.exec(name);
  if (!m) throw new Error(`'${name}' is not a move`);
  return { kind: m[1][0], index: Number(m[2]), times: m[1].length };
}

/** The board after one move (a new board; the old one is unchanged). */
export function applyMove(board, name) {
  const { kind, index, times } = parseMove(name);
  const rowMove = kind === 'u' || kind === 'd';
  const limit = rowMove ? board.length : board[0].length;
  if (index < 1 || index > limit) throw new Error(`'${name}': no ${rowMove ? 'row' : 'column'} ${index}`);
  return board.map((r, i) =>
    r.map((c, j) => {
      if ((rowMove && i !== index - 1) || (!rowMove && j !== index - 1)) return c;
      let out = c;
      for (let t = 0; t < times; t++) out = turnCube(out, kind);
      return out;
    }),
  );
}

/**
 * A move list with cancelled and merged moves: moves on rows commute with each other, as
 * do moves on columns, so each maximal run of row moves (or of column moves) is reduced to
 * its net turn per line (`u1 d1` cancels, `u1 u1 u1` is `d1`, `u1 u1` is `uu1` in the half
 * metric and stays two quarter turns in the quarter metric); a run that cancels entirely
 * lets its neighbours merge. The board reached is the same (the browser tests check it).
 */
export function simplify(moves, metric = 'quarter') {
  const runs = []; // {rows: bool, net: Map(index -> quarter turns mod 4)}
  for (const name of moves) {
    const { kind, index, times } = parseMove(name);
    const rows = kind === 'u' || kind === 'd';
    const q = (kind === 'u' || kind === 'l' ? 1 : 3) * times;
    let top = runs[runs.length - 1];
    if (!top || top.rows !== rows) {
      top = { rows, net: new Map() };
      runs.push(top);
    }
    top.net.set(index, ((top.net.get(index) ?? 0) + q) % 4);
    if ([...top.net.values()].every((v) => v === 0)) runs.pop();
  }
  const out = [];
  for (const run of runs) {
    const [plus, minus] = run.rows ? ['u', 'd'] : ['l', 'r'];
    for (const [index, q] of run.net) {
      if (q === 1) out.push(`${plus}${index}`);
      else if (q === 3) out.push(`${minus}${index}`);
      else if (q === 2) out.push(...(metric === 'half' ? [`${plus}${plus}${index}`] : [`${plus}${index}`, `${plus}${index}`]));
    }
  }
  return out;
}

/** The length of a move list in a metric (a half turn counts 2 in the quarter metric). */
export function movesLength(moves, metric = 'quarter') {
  return moves.reduce((a, m) => a + (metric === 'quarter' ? parseMove(m).times : 1), 0);
}
