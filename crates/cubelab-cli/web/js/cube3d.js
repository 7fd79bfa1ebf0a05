// 3D views with CSS transforms: a view is a perspective box holding a `world` that the user
// turns by dragging (pointer events) or with the arrow keys; each cube is six face divs.
// Coordinates as in docs/conventions.md: x right, y up, z front (CSS y points down).

export const FACE_ORDER = ['U', 'D', 'F', 'B', 'L', 'R'];
const DEFAULT_VIEW = { rx: -28, ry: -36 };
/** The width the views' contents are laid out for (px); narrower views scale them down. */
export const DESIGN_WIDTH = 420;
// The largest radius (px) of a sphere about the centre that stays inside a view of
// 420 x 360 px with a 30 px margin, magnified by the perspective (1100 px) when it is near.
const FIT_ROOM = ((180 - 30) * 1100) / (1100 + 150);

/**
 * A view in `container`: {world, setRotation, reset, rotation(), setZoom, turnTo}. The
 * contents are laid out for a view DESIGN_WIDTH px wide and scaled to the view's width
 * (phones), times the zoom the page sets (explode keeps the blocks in the frame with it).
 */
export function createView(container, initial = DEFAULT_VIEW) {
  container.replaceChildren();
  const world = document.createElement('div');
  world.className = 'world';
  container.append(world);
  let rx = initial.rx;
  let ry = initial.ry;
  let zoom = 1;
  let fit = 1;
  const apply = () => {
    world.style.transform = `scale(${(fit * zoom).toFixed(4)}) rotateX(${rx}deg) rotateY(${ry}deg)`;
  };
  const measure = () => {
    const w = container.clientWidth;
    if (w > 0) fit = Math.min(1, w / DESIGN_WIDTH);
    apply();
  };
  if (container._fitObserver) container._fitObserver.disconnect();
  if (typeof ResizeObserver !== 'undefined') {
    container._fitObserver = new ResizeObserver(measure);
    container._fitObserver.observe(container);
  }
  measure();
  container._view = { state: () => ({ rx, ry, scale: fit * zoom }) };
  let drag = null;
  container.onpointerdown = (e) => {
    drag = { x: e.clientX, y: e.clientY, rx, ry };
    container.setPointerCapture(e.pointerId);
    container.classList.add('dragging');
  };
  container.onpointermove = (e) => {
    if (!drag) return;
    ry = drag.ry + (e.clientX - drag.x) * 0.5;
    rx = Math.max(-89, Math.min(89, drag.rx - (e.clientY - drag.y) * 0.5));
    apply();
  };
  const end = () => {
    drag = null;
    container.classList.remove('dragging');
  };
  container.onpointerup = end;
  container.onpointercancel = end;
  container.onkeydown = (e) => {
    const step = 10;
    if (e.key === 'ArrowLeft') ry -= step;
    else if (e.key === 'ArrowRight') ry += step;
    else if (e.key === 'ArrowUp') rx = Math.min(89, rx + step);
    else if (e.key === 'ArrowDown') rx = Math.max(-89, rx - step);
    else return;
    e.preventDefault();
    apply();
  };
  return {
    world,
    setRotation(x, y) {
      rx = x;
      ry = y;
      apply();
    },
    setZoom(z) {
      zoom = z;
      apply();
    },
    /** Zooms so that a sphere of `radius` px about the centre stays inside the frame. */
    fitRadius(radius) {
      zoom = Math.min(1, FIT_ROOM / radius);
      apply();
    },
    /** Turns the camera smoothly (CSS transition on the world) to (x, y). */
    turnTo(x, y) {
      if (x === rx && y === ry) return;
      const reduce = typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches;
      world.style.transition = reduce ? '' : 'transform 0.45s ease';
      rx = x;
      ry = y;
      apply();
      setTimeout(() => {
        world.style.transition = '';
      }, 500);
    },
    reset() {
      rx = initial.rx;
      ry = initial.ry;
      apply();
    },
    rotation: () => ({ rx, ry }),
  };
}

/**
 * A cube of edge `size` px whose faces (U D F B L R) get `colors[i]` (CSS colors) and the
 * optional `labels[i]` / `inks[i]`; placed at (x, y, z) px by `place`.
 */
export function makeCube(size, colors, labels = [], inks = []) {
  const cube = document.createElement('div');
  cube.className = 'cube3d';
  cube.dataset.size = size;
  cube.style.setProperty('--s', `${size}px`);
  FACE_ORDER.forEach((f, i) => {
    const face = document.createElement('div');
    face.className = `face f-${f}`;
    face.dataset.face = f;
    face.style.background = colors[i];
    if (labels[i]) {
      const span = document.createElement('span');
      span.textContent = labels[i];
      span.style.color = inks[i] ?? '#000';
      face.append(span);
    }
    cube.append(face);
  });
  return cube;
}

/** Moves a cube to (x, y, z) in the view's coordinates (y up, z towards the viewer). */
export function place(cube, x, y, z) {
  cube.style.transform = `translate3d(${x}px, ${-y}px, ${z}px)`;
  Object.assign(cube.dataset, { x, y, z });
}

// Each face's corners (CSS coordinates of a unit cube about its centre: x right, y down,
// z toward the viewer), in the order of FACE_ORDER.
const FACE_CORNERS = {
  U: [[-1, -1, -1], [1, -1, -1], [1, -1, 1], [-1, -1, 1]],
  D: [[-1, 1, 1], [1, 1, 1], [1, 1, -1], [-1, 1, -1]],
  F: [[-1, -1, 1], [1, -1, 1], [1, 1, 1], [-1, 1, 1]],
  B: [[1, -1, -1], [-1, -1, -1], [-1, 1, -1], [1, 1, -1]],
  L: [[-1, -1, -1], [-1, -1, 1], [-1, 1, 1], [-1, 1, -1]],
  R: [[1, -1, 1], [1, -1, -1], [1, 1, -1], [1, 1, 1]],
};

/**
 * The view drawn as an SVG document (a string): every shown cube's faces projected as the
 * browser does (the world's scale, rotateX, rotateY; perspective 1100 px from the view's
 * centre), back faces dropped, far faces first. Used for the SVG and PNG downloads.
 */
export function viewSvg(container) {
  const W = container.clientWidth || DESIGN_WIDTH;
  const H = container.clientHeight || 360;
  const { rx, ry, scale } = container._view.state();
  const [a, b] = [(rx * Math.PI) / 180, (ry * Math.PI) / 180];
  const turn = ([x, y, z]) => {
    // rotateY(b) first, then rotateX(a) (CSS applies the rightmost transform first)
    const x1 = x * Math.cos(b) + z * Math.sin(b);
    const z1 = -x * Math.sin(b) + z * Math.cos(b);
    const y2 = y * Math.cos(a) - z1 * Math.sin(a);
    const z2 = y * Math.sin(a) + z1 * Math.cos(a);
    return [x1 * scale, y2 * scale, z2 * scale];
  };
  const d = 1100;
  const project = ([x, y, z]) => [W / 2 + (x * d) / (d - z), H / 2 + (y * d) / (d - z)];
  const faces = [];
  for (const cube of container.querySelectorAll('.cube3d')) {
    if (cube.classList.contains('hidden') || cube.dataset.x == null) continue;
    const half = Number(cube.dataset.size) / 2;
    const c = [Number(cube.dataset.x), -Number(cube.dataset.y), Number(cube.dataset.z)];
    const fresh = cube.classList.contains('fresh');
    for (const face of cube.querySelectorAll('.face')) {
      const pts = FACE_CORNERS[face.dataset.face].map((v) => turn(v.map((t, i) => c[i] + t * half)));
      // keep faces turned toward the viewer (the eye at z = d)
      const [p0, p1, p2] = pts;
      const u = p1.map((t, i) => t - p0[i]);
      const v = p2.map((t, i) => t - p0[i]);
      const n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
      const eye = [0, 0, d].map((t, i) => t - p0[i]);
      if (n[0] * eye[0] + n[1] * eye[1] + n[2] * eye[2] <= 0) continue;
      const depth = pts.reduce((acc, p) => acc + p[2], 0) / 4;
      faces.push({ depth, points: pts.map(project), fill: face.style.background || '#cccccc', fresh });
    }
  }
  faces.sort((p, q) => p.depth - q.depth);
  const bg = getComputedStyle(container).backgroundColor;
  const polys = faces.map((f) => `<polygon points="${f.points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}" fill="${f.fill}" stroke="${f.fresh ? '#f0a000' : '#222222'}" stroke-width="${f.fresh ? 3 : 1.5}" stroke-linejoin="round"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="${W}" height="${H}" fill="${bg}"/>${polys.join('')}</svg>`;
}

/** Recolors the faces of a cube made by makeCube. */
export function recolor(cube, colors, labels = [], inks = []) {
  [...cube.children].forEach((face, i) => {
    face.style.background = colors[i];
    const span = face.querySelector('span');
    if (span) {
      span.textContent = labels[i] ?? '';
      span.style.color = inks[i] ?? '#000';
    }
  });
}
